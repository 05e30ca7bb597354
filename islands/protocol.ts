// What the server's pages and the boot script agree on, kept apart from the island
// registry so the boot script stays tiny.

/** The element whose JSON lists the modules the page's load-time islands need (views/layout/Document.tsx). */
export const MODULE_PRELOAD_ID = 'module-preload';
