/** The host her accounts live on: the site's own (WebFinger and the actors answer there, on the local backend and, rewritten, on a static host). */
export const siteHost = () => window.location.host;
