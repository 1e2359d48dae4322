import type { ResolvedBranding } from '@/lib/services/branding/settings';
import { BrandStyle } from './brand-style';

/** The Connect page's frame: one centred card in the project's theme, on every state of the link. */
export function Card({ branding, children }: { branding: ResolvedBranding; children: React.ReactNode }) {
  return (
    <main
      data-theme={branding.theme}
      className="connect-brand flex min-h-screen items-start justify-center bg-(--c-bg) px-4 py-8 text-(--c-fg) sm:items-center"
    >
      <BrandStyle branding={branding} />
      <div className="w-full max-w-md rounded-(--c-radius) border border-(--c-border) bg-(--c-card) p-6 shadow-sm sm:p-8">
        {children}
      </div>
    </main>
  );
}
