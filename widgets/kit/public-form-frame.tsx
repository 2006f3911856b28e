import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFirstScreenGone } from '../../shared/first-screen';
import { LanguageSwitch, PublicLanguageScope, usePublicText } from './public-i18n';

/** Whose form this is: the division receiving it, when the link names one. */
export interface PublicFormBrand {
  name: string;
  /** A second line under the name, e.g. the organization. */
  detail?: string;
  logoUrl?: string;
}

/** Only the public forms carry this sheet, so the signed-in shell's first load does not. */
const css = /* css */ `
/* Readable width; wide for the long two-column sheets (CIT, referral). */
.public-form { max-width: 44rem; margin: 0 auto; padding: var(--care-space-l) var(--care-space-m); }
.public-form.wide { max-width: 64rem; }
.public-form-brand { display: flex; align-items: center; gap: var(--care-space-s); padding-bottom: var(--care-space-m); margin-bottom: var(--care-space-m); border-bottom: 3px solid var(--care-color-primary); }
.public-form-brand img, .public-form-mark { flex: none; width: 48px; height: 48px; border-radius: var(--care-radius-l); }
.public-form-mark { display: grid; place-items: center; background: var(--care-color-primary); color: var(--care-color-on-primary); font-size: var(--care-font-size-xl); font-weight: var(--care-font-weight-bold); }
.public-form-name { margin: 0; font-size: var(--care-font-size-l); font-weight: var(--care-font-weight-semibold); }
.public-form-detail { margin: 0; color: var(--care-color-text-muted); }
.public-form-purpose { margin: 0 0 var(--care-space-l); color: var(--care-color-text-muted); }
.public-form-body { background: var(--care-color-surface); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-l); padding: var(--care-space-l); }
.public-form-saved { margin: 0 0 var(--care-space-m); padding: var(--care-space-s) var(--care-space-m); border: 1px solid var(--sl-color-warning-300); border-left-width: 4px; border-radius: var(--care-radius-m); background: var(--sl-color-warning-50); }
.public-form-device { margin: var(--care-space-l) 0 0; color: var(--care-color-text-muted); font-size: var(--care-font-size-s); }
.public-form-device .link-button { padding: 0; font-size: inherit; line-height: inherit; vertical-align: baseline; }
.public-form-languages { margin-left: auto; display: flex; gap: var(--care-space-s); }
.public-form-languages [aria-current='true'] { font-weight: var(--care-font-weight-semibold); text-decoration: none; color: var(--care-color-text); }
.public-form-footer { margin-top: var(--care-space-l); padding-top: var(--care-space-s); border-top: 1px solid var(--care-color-border); color: var(--care-color-text-muted); font-size: var(--care-font-size-s); text-align: center; }
@media (max-width: 575.98px) { .public-form { padding: var(--care-space-s); } .public-form-body { padding: var(--care-space-m) var(--care-space-s); } }
/* On a phone the languages take a row of their own above the name, which keeps the width it needs. */
@media (max-width: 575.98px) { .public-form-brand { flex-wrap: wrap; } .public-form-languages { order: -1; flex-basis: 100%; justify-content: flex-end; } .public-form-languages button { min-height: 44px; padding: 0 var(--care-space-xs); } }
`;

/**
 * The brand a public call names for a link's value (a vendor code, an opt-out
 * token). Until it answers, and when it cannot, the frame keeps the
 * product's: the form itself says why a link does not work.
 */
export function useLinkBrand(value: string, load: (value: string) => Promise<PublicFormBrand>): PublicFormBrand | undefined {
  const [brand, setBrand] = useState<{ value: string; brand: PublicFormBrand }>();
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    if (!value) return;
    let live = true;
    loader.current(value).then(
      (b) => live && setBrand({ value, brand: b }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [value]);
  return brand?.value === value ? brand.brand : undefined;
}

/** Forms whose link names no division carry the product's name instead of a blank header. */
const PRODUCT_BRAND: PublicFormBrand = { name: 'Careweave' };

/**
 * The frame of every public form (CIT, Handle with Care, support, Back to
 * Work, external referral, opt-out): a centred column of readable width with
 * whose form it is, what it is for and who sees it, and the same footer. A
 * visitor without an account has only this to judge whether to trust the page.
 */
export function PublicFormFrame({ brand = PRODUCT_BRAND, purpose, wide, languages, children }: { brand?: PublicFormBrand; purpose: ReactNode; wide?: boolean; languages?: boolean; children: ReactNode }) {
  const { t, language } = usePublicText(languages ? undefined : 'en');
  // The form's first screen in the page's HTML (issue 39 section 4) stays until the live frame paints:
  // the form's page (shell/widget-mount.tsx) draws its shadow root first, and the form only after.
  useFirstScreenGone();
  return (
    <div className={wide ? 'public-form wide' : 'public-form'} lang={languages ? language : undefined}>
      <style>{css}</style>
      <header className="public-form-brand">
        {brand.logoUrl ? (
          <img src={brand.logoUrl} alt="" width={48} height={48} />
        ) : (
          <span className="public-form-mark" aria-hidden="true">
            {brand.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <p className="public-form-name">{brand.name}</p>
          {brand.detail && <p className="public-form-detail">{brand.detail}</p>}
        </div>
        {/* Issue 39: a form translated into every catalogue's language offers them (the others are English only for now). */}
        {languages && <LanguageSwitch />}
      </header>
      <p className="public-form-purpose">{purpose}</p>
      <div className="public-form-body">{languages ? <PublicLanguageScope>{children}</PublicLanguageScope> : children}</div>
      <footer className="public-form-footer">{t('frame.poweredBy')}</footer>
    </div>
  );
}
