import type { ReactNode } from 'react';
import { AudioLines, Bot, BrushCleaning, Globe, KeyRound, MessageSquareText, Mic, Search, Workflow, type LucideIcon } from 'lucide-react';

interface Feature {
  icon: LucideIcon;
  title: string;
  body: ReactNode;
}

function Kbd({ children }: { children: ReactNode }) {
  return <kbd className="mx-0.5 rounded border border-line-strong bg-surface px-1.5 py-0.5 text-[0.8em] text-ink">{children}</kbd>;
}

/** What the plugin does, shared by the home page and the plugin page. */
export const PLUGIN_FEATURES: Feature[] = [
  {
    icon: KeyRound,
    title: 'No API keys to manage',
    body: 'Since version 6.0 the AI is fully managed. Sign in once and it is ready in every vault, on desktop and on mobile.',
  },
  {
    icon: MessageSquareText,
    title: 'Chat with your notes',
    body: 'Talk to the file you have open, pull in others with @-mentions, and drop in PDFs or images (PNG, JPG or WebP up to 10 MB).',
  },
  {
    icon: Bot,
    title: 'Agent tools, on your terms',
    body: 'The agent can read, write, edit, move and search your vault. Review each step in Ask Approval mode, or grant Full Access when you trust the task.',
  },
  {
    icon: Globe,
    title: 'Web search in the chat',
    body: 'When a question needs fresh information, web results are grouped right in the conversation, next to the answer they inform.',
  },
  {
    icon: Mic,
    title: 'Record and transcribe',
    body: 'Record from inside Obsidian and get the transcript as Markdown for your notes or as SRT subtitles.',
  },
  {
    icon: AudioLines,
    title: 'Turn audio into notes',
    body: 'Give the audio processor a file or a YouTube link and choose a preset: a detailed note, a meeting brief or a clean transcript.',
  },
  {
    icon: Search,
    title: 'Similar Notes',
    body: (
      <>
        Semantic search finds related notes by meaning, from a portable index. Open the search palette any time with <Kbd>Mod</Kbd>+<Kbd>K</Kbd>.
      </>
    ),
  },
  {
    icon: Workflow,
    title: 'Studio projects',
    body: 'Plan and build bigger pieces of work on node-based canvases, right next to the notes they draw on.',
  },
  {
    icon: BrushCleaning,
    title: 'Housekeeping built in',
    body: 'The Janitor clears out empty files and leftovers, and your settings are backed up automatically.',
  },
];

/** The features as a grid of cards; headings are h3 under the section's h2. */
export function FeatureGrid({ className = 'mt-14' }: { className?: string }) {
  return (
    <ul className={`${className} grid gap-4 sm:grid-cols-2 lg:grid-cols-3`}>
      {PLUGIN_FEATURES.map(({ icon: Icon, title, body }) => (
        <li
          key={title}
          className="group relative flex gap-4 rounded-2xl border border-line bg-surface-raised/60 p-5 transition-colors hover:border-accent-400/40 hover:bg-surface-raised sm:block sm:p-6"
        >
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl border border-accent-400/25 bg-accent-500/10 text-accent-300 transition-colors group-hover:bg-accent-500/20">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h3 className="pt-2 text-base font-semibold text-ink sm:mt-5 sm:pt-0">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-ink-muted">{body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
