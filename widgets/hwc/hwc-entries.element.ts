import { defineWidget } from '../../shared/widget/define-widget';
import { HwcEntriesCard } from './hwc-entries.component';

/**
 * The current division's Handle with Care entries (newest first, filterable):
 * child name, age, school, officer, created and whether the school was sent
 * the notice. Needs a user with the handleWithCare flag.
 *
 * @element care-hwc-entries
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path` `/hwc/{hwcPatientUid}` when a row is chosen. Cancelable.
 * @cssprop --care-color-primary - Links and focus ring.
 * @csspart root - The widget's outer box.
 */
export const CareHwcEntriesElement = defineWidget('care-hwc-entries', HwcEntriesCard);
