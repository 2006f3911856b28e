import type { ReactNode } from 'react';

/** Whose form this is: the division receiving it, when the link names one. */
export interface PublicFormBrand {
  name: string;
  /** A second line under the name, e.g. the organization. */
  detail?: string;
  logoUrl?: string;
}

/** Forms whose link names no division carry the product's name instead of a blank header. */
const PRODUCT_BRAND: PublicFormBrand = { name: 'Careweave' };

/**
 * The frame of every public form (CIT, Handle with Care, support, Back to
 * Work, external referral, opt-out): a centred column of readable width with
 * whose form it is, what it is for and who sees it, and the same footer. A
 * visitor without an account has only this to judge whether to trust the page.
 */
export function PublicFormFrame({ brand = PRODUCT_BRAND, purpose, wide, children }: { brand?: PublicFormBrand; purpose: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'public-form wide' : 'public-form'}>
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
      </header>
      <p className="public-form-purpose">{purpose}</p>
      <div className="public-form-body">{children}</div>
      <footer className="public-form-footer">Powered by Careweave</footer>
    </div>
  );
}
