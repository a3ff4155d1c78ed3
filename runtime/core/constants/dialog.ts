/** Dialog, pop-up and layering constants of spec/shell.md §9. */

/** Default width of a dialog (a CSS length, as the spec gives it). */
export const DIALOG_DEFAULT_WIDTH = '600px';
/** Size, px, of a pop-up window (previews, pickers opened in a window of their own). */
export const POPUP_WIDTH = 1200;
export const POPUP_HEIGHT = 800;
/** Side, px, of the square box an image upload shows. */
export const UPLOAD_BOX_SIZE = 148;
/** Base z-index of floating elements (dialogs, drop-downs, messages). */
export const ELEMENT_Z_INDEX = 2000;
