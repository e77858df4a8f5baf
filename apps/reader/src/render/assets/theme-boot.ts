// Loaded in <head> without `defer`: applies a stored theme choice before the first paint (the CSP
// forbids inline script, so this is a tiny file of its own). With no stored choice, CSS follows
// the system's `prefers-color-scheme`. Likewise a dismissed announcement: its key goes on <html>,
// which the site's stylesheet hides the banner by.
export const THEME_JS = `try{var r=document.documentElement,t=localStorage.getItem('bindery-theme');if(t==='dark'||t==='light')r.setAttribute('data-theme',t);var d=localStorage.getItem('bindery-announcement');if(d&&/^[A-Za-z0-9_-]{1,32}$/.test(d))r.setAttribute('data-dismissed',d)}catch(e){}`;
