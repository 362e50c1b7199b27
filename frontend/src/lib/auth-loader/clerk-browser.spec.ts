/** @jest-environment jsdom */
import { PublishableKeyError } from '../../../../contracts/auth/publishable-key';
import { loadClerkBrowser } from './clerk-browser';

describe('loading Clerk in the browser', () => {
  it('refuses a missing or malformed publishable key before loading anything', async () => {
    await expect(loadClerkBrowser('')).rejects.toMatchObject({ code: 'missing_publishable_key' });
    await expect(loadClerkBrowser('pk_live_not-base64!')).rejects.toBeInstanceOf(PublishableKeyError);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('uses the instance\'s own script when it is already on the page, and opens its sign-in', async () => {
    const opened: unknown[] = [];
    window.Clerk = { loaded: false, load: async () => { window.Clerk!.loaded = true; }, openSignIn: (options) => opened.push(options), signOut: async () => undefined };
    const originalAppend = document.head.append.bind(document.head);
    // jsdom does not fetch scripts: stand in for the browser firing `load`.
    jest.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      originalAppend(...nodes);
      for (const node of nodes) if (node instanceof HTMLScriptElement) setTimeout(() => node.onload?.(new Event('load')), 0);
    });
    const key = `pk_live_${Buffer.from('clerk.example.com$').toString('base64')}`;
    const clerk = await loadClerkBrowser(key);
    const script = document.querySelector('script')!;
    expect(script.src).toBe('https://clerk.example.com/npm/@clerk/clerk-js@5/dist/clerk.browser.js');
    expect(script.dataset.clerkPublishableKey).toBe(key);
    expect(window.Clerk!.loaded).toBe(true);
    clerk.openSignIn('/dashboard');
    expect(opened).toEqual([{ forceRedirectUrl: '/dashboard' }]);
  });
});
