/** How many of a course's lessons are done, as a bar a screen reader reads as "3 of 8 lessons done". */
export function ProgressBar({ done, total, label = 'Course progress', className }: { done: number; total: number; label?: string; className?: string }) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${done} of ${total} lessons done`}
      className={`h-2 w-full overflow-hidden rounded-full bg-surface-overlay ${className ?? ''}`}
    >
      <div className="h-full rounded-full bg-accent-500 transition-[width] duration-300" style={{ width: `${percent}%` }} />
    </div>
  );
}
