import { lessonHtml } from './lesson-html';

describe('lessonHtml', () => {
  it('lets every code block take focus, and leaves other elements alone', () => {
    expect(lessonHtml('<p>Run:</p><pre><code>ffmpeg -i a.aac</code></pre><pre class="x">b</pre><preface>c</preface>')).toBe(
      '<p>Run:</p><pre tabindex="0"><code>ffmpeg -i a.aac</code></pre><pre tabindex="0" class="x">b</pre><preface>c</preface>',
    );
  });
});
