/** The glow and grid behind a page's opening section (decorative). */
export function HeroBackdrop() {
  return (
    <>
      <div aria-hidden="true" className="bg-hero-glow pointer-events-none absolute inset-0 -z-10" />
      <div aria-hidden="true" className="bg-grid pointer-events-none absolute inset-0 -z-10" />
    </>
  );
}
