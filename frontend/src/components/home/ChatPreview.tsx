import type { ReactNode } from 'react';
import { AtSign, FileText, Mic, Paperclip, ShieldCheck } from 'lucide-react';
import { LogoMark } from '../shell/Logo';

/** A drawn (not screenshotted) impression of the chat workspace. One image to assistive tech. */
export function ChatPreview() {
  return (
    <div
      role="img"
      aria-label="Illustration of the SystemSculpt AI chat in Obsidian: the assistant reads a meeting note and asks for approval before adding action items to a project note."
      className="relative mx-auto mt-16 max-w-4xl"
    >
      <div aria-hidden="true" className="absolute inset-x-6 top-12 bottom-6 -z-10 rounded-[2rem] bg-accent-600/25 blur-3xl" />
      <div className="overflow-hidden rounded-2xl border border-line-strong bg-surface-raised shadow-glow">
        <div className="flex h-10 items-center gap-2 border-b border-line bg-surface-overlay/60 px-4">
          <span className="size-2.5 rounded-full bg-[#ff5f57]/80" />
          <span className="size-2.5 rounded-full bg-[#febc2e]/80" />
          <span className="size-2.5 rounded-full bg-[#28c840]/80" />
          <span className="ml-3 truncate text-xs text-ink-subtle">My Vault · Obsidian</span>
        </div>

        <div className="grid text-left sm:grid-cols-[210px_1fr]">
          <div className="hidden border-r border-line bg-surface/60 p-4 text-xs text-ink-subtle sm:block">
            <p className="mb-3 font-semibold tracking-wider text-ink-subtle uppercase">Files</p>
            <TreeFolder name="Meetings">
              <TreeFile name="Client sync 03-12" active />
              <TreeFile name="Team standup" />
            </TreeFolder>
            <TreeFolder name="Projects">
              <TreeFile name="Website relaunch" />
              <TreeFile name="Q3 research" />
            </TreeFolder>
            <TreeFolder name="Daily">
              <TreeFile name="Today" />
            </TreeFolder>
          </div>

          <div className="flex min-w-0 flex-col">
            <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
              <div className="flex min-w-0 items-center gap-2">
                <LogoMark className="size-5 shrink-0" />
                <span className="truncate text-sm font-medium text-ink">SystemSculpt AI</span>
              </div>
              <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-line-strong px-2.5 py-0.5 text-[11px] font-medium text-ink-muted">
                <ShieldCheck className="size-3.5 text-accent-300" />
                Ask Approval
              </span>
            </div>

            <div className="space-y-4 p-4 text-[13px] leading-relaxed sm:p-5 sm:text-sm">
              <div className="ml-auto max-w-[85%] rounded-2xl rounded-br-md bg-accent-600/90 px-4 py-2.5 text-white">
                Summarise <span className="rounded bg-white/15 px-1 font-medium">@Client sync 03-12</span> and add the action items to my project note.
              </div>

              <div className="max-w-[92%] space-y-3">
                <div className="inline-flex items-center gap-1.5 rounded-md border border-line bg-surface px-2 py-1 text-[11px] text-ink-subtle">
                  <FileText className="size-3.5" />
                  Read Meetings/Client sync 03-12.md
                </div>
                <p className="text-ink-muted">
                  The client approved the new homepage direction and moved launch to the 28th. I found four action items and drafted them as tasks.
                </p>
                <div className="rounded-xl border border-accent-400/30 bg-accent-500/[0.07] p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="text-xs font-medium text-ink">
                      Edit <span className="font-mono text-accent-200">Projects/Website relaunch.md</span>
                    </span>
                    <span className="font-mono text-[11px] text-success">+4 lines</span>
                  </div>
                  <div className="mt-3 flex gap-2">
                    <span className="rounded-md bg-accent-600 px-3 py-1 text-xs font-medium text-white">Approve</span>
                    <span className="rounded-md border border-line-strong px-3 py-1 text-xs font-medium text-ink-muted">Deny</span>
                  </div>
                </div>
              </div>
            </div>

            <div className="mt-auto border-t border-line p-3 sm:p-4">
              <div className="flex items-center gap-3 rounded-xl border border-line-strong bg-surface px-3 py-2.5 text-sm text-ink-subtle">
                <span className="min-w-0 flex-1 truncate">Ask anything, or type @ to mention a note</span>
                <AtSign className="size-4 shrink-0" />
                <Paperclip className="size-4 shrink-0" />
                <Mic className="size-4 shrink-0" />
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}

function TreeFolder({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="mb-3">
      <p className="py-1 text-ink-muted">{name}</p>
      <div className="ml-2 border-l border-line pl-2">{children}</div>
    </div>
  );
}

function TreeFile({ name, active = false }: { name: string; active?: boolean }) {
  return <p className={active ? 'truncate rounded bg-accent-500/15 px-1.5 py-1 text-ink' : 'truncate px-1.5 py-1 text-ink-subtle'}>{name}</p>;
}
