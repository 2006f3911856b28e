import { defineWidget } from '../../shared/widget/define-widget';
import { ResourceLibrary } from './resource-library.component';

/**
 * The resource library (spec 002 "Resource library"): title, category, type
 * and site of each resource, for clinicians or for patients and families;
 * every resource opens in a new tab.
 *
 * @element care-resource-library
 * @attr target - Whose resources show first: `clinician` (default) or `patient`; the reader can switch.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @cssprop --care-color-primary - Links and the selected audience.
 * @csspart root - The widget's outer box.
 */
export const CareResourceLibraryElement = defineWidget('care-resource-library', ResourceLibrary, {
  props: { target: 'string' },
});
