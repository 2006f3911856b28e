import { defineWidget } from '../../shared/widget/define-widget';
import { HwcDetail } from './hwc-detail.component';

/**
 * The staff Handle with Care detail (spec 002 "Handle with Care detail"): the
 * child's record and every notice sent with its delivery status; assign a
 * school (or create one), manage its distribution list (saved addresses are
 * locked), save then resend, or dismiss. Needs Handle with Care staff (the
 * handleWithCare flag) in the entry's division.
 *
 * @element care-hwc-detail
 * @attr hwc-id - The entry's id (`hwcPatientUid`).
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-saved - `detail.type` `'hwc-patient'`, `detail.hwcPatientUid` (and `isIgnored` after a dismiss).
 * @fires care-navigate - `detail.path` `/home`: 2.5 s after save and resend, and at once after a dismiss. Cancelable.
 * @cssprop --care-color-primary - Links, focus ring and the primary button.
 * @csspart root - The widget's outer box.
 */
export const CareHwcDetailElement = defineWidget('care-hwc-detail', HwcDetail, {
  props: { hwcId: 'string' },
});
