/** Where the record turns to one column, the menu stacked above the page: a phone. */
export const NARROW_RECORD = '(max-width: 768px)';

/** The record's frame: header across, menu beside the page; one column on a phone. */
const css = /* css */ `
.record { display: grid; gap: var(--care-space-m); }
.record-header { display: flex; flex-wrap: wrap; gap: var(--care-space-m); align-items: flex-start; padding: var(--care-space-m); background: var(--care-color-surface); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-l); }
.record-avatar { flex: none; width: 89px; height: 89px; border-radius: 50%; border: 0; padding: 0; cursor: pointer; overflow: hidden; background: var(--sl-color-primary-100, #e0ecff); color: var(--care-color-link); font-size: 1.75rem; font-weight: var(--care-font-weight-semibold); display: grid; place-items: center; }
.record-avatar img { width: 100%; height: 100%; object-fit: cover; }
.record-identity { flex: 1 1 18rem; min-width: 0; }
.record-identity h1 { margin: 0 0 var(--care-space-2xs); font-size: var(--care-font-size-xl); overflow-wrap: anywhere; }
.record-facts { display: flex; flex-wrap: wrap; gap: var(--care-space-2xs) var(--care-space-l); margin: 0; }
.record-facts div { display: flex; gap: var(--care-space-2xs); }
.record-facts dt { color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); align-self: center; }
.record-facts dd { margin: 0; }
.record-pills { display: flex; flex-wrap: wrap; gap: var(--care-space-2xs); margin: var(--care-space-xs) 0 0; padding: 0; list-style: none; }
.record-alerts { display: flex; flex-wrap: wrap; gap: var(--care-space-2xs); margin: var(--care-space-xs) 0 0; padding: 0; list-style: none; }
.record-alert { border: 1px solid var(--care-color-danger); border-radius: var(--care-radius-pill); padding: 0 var(--care-space-xs); background: var(--care-color-surface, #fff); color: var(--care-color-danger); font: inherit; font-size: var(--care-font-size-s); cursor: pointer; }
.record-alert-ohiorise, .record-alert-on-leave { border-color: var(--care-color-text-subtle); color: var(--care-color-text); }
.record-alert-popover { max-width: min(24rem, 90vw); padding: var(--care-space-s); background: var(--care-color-surface, #fff); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m, 6px); box-shadow: 0 4px 12px rgb(0 0 0 / 15%); font-size: var(--care-font-size-s); }
.record-alert-popover ul { list-style: none; margin: var(--care-space-2xs) 0 0; padding: 0; }
.record-alert-popover li { display: flex; flex-direction: column; padding: var(--care-space-2xs) 0; border-top: 1px solid var(--care-color-hover); }
.record-alert-popover li:first-child { border-top: 0; }
.record-pill { padding: 0 var(--care-space-xs); border-radius: var(--care-radius-pill); font-size: var(--care-font-size-s); color: #fff; background: var(--care-color-text-subtle); }
.record-note { flex: 1 0 100%; margin: 0; padding: var(--care-space-xs) var(--care-space-s); background: var(--sl-color-warning-100); border-left: 4px solid var(--sl-color-warning-600); border-radius: var(--care-radius-m); white-space: pre-wrap; overflow-wrap: anywhere; }
.record-gear { flex: none; margin-left: auto; }
.record-body { display: grid; grid-template-columns: 14rem minmax(0, 1fr); gap: var(--care-space-m); align-items: start; }
.record-body.menu-hidden { grid-template-columns: minmax(0, 1fr); }
.record-menu { background: var(--care-color-surface); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-l); padding: var(--care-space-xs); }
.record-menu ul { list-style: none; margin: 0; padding: 0; }
.record-menu ul ul { padding-left: var(--care-space-m); }
.record-menu a { display: block; padding: var(--care-space-2xs) var(--care-space-xs); border-radius: var(--care-radius-m); text-decoration: none; color: var(--sl-color-neutral-800); }
.record-menu a:hover { background: var(--care-color-hover); }
.record-menu a[aria-current='page'] { background: var(--sl-color-primary-50, #eef4ff); color: var(--care-color-link); font-weight: var(--care-font-weight-semibold); }
.record-menu-toggle { margin-bottom: var(--care-space-2xs); }
.record-menu-action { display: block; width: 100%; text-align: left; padding: var(--care-space-2xs) var(--care-space-xs); border: 0; border-top: 1px solid var(--care-color-border); border-radius: 0; margin-top: var(--care-space-2xs); background: none; font: inherit; color: var(--care-color-link); cursor: pointer; }
.record-menu-action:hover { background: var(--care-color-hover); }
.id-pending { display: flex; flex-direction: column; gap: var(--care-space-xs); margin-bottom: var(--care-space-m); padding: var(--care-space-s) var(--care-space-m); border: 1px solid var(--sl-color-warning-300, #fcd34d); border-radius: var(--care-radius-m); background: var(--sl-color-warning-50, #fffbeb); }
.id-pending p { margin: 0 0 var(--care-space-xs); }
.id-pending .id-toolbar { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); }
.record-page { min-width: 0; background: var(--care-color-surface); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-l); padding: var(--care-space-m); }
.record-page > h2:first-child { margin-top: 0; }
.avatar-large { display: block; max-width: 100%; max-height: 70vh; margin: 0 auto; }
@media (max-width: 992px) { .record-avatar { width: 80px; height: 80px; } }
@media ${NARROW_RECORD} {
  .record-avatar { width: 60px; height: 60px; font-size: 1.25rem; }
  .record-body { grid-template-columns: minmax(0, 1fr); }
  .record-identity h1 { font-size: var(--care-font-size-l); }
}
@media print { .record-menu, .record-gear, .record-menu-toggle { display: none; } .record-body { grid-template-columns: 1fr; } }
`;

export function PatientRecordStyles() {
  return <style>{css}</style>;
}
