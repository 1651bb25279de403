/** The sidebar's element id, for the header's toggle (aria-controls). */
export const SIDEBAR_ID = "app-sidebar";
