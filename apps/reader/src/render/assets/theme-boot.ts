// Loaded in <head> without `defer`: applies a stored theme choice before the first paint (the CSP
// forbids inline script, so this is a tiny file of its own). With no stored choice, CSS follows
// the system's `prefers-color-scheme`.
export const THEME_JS = `try{var t=localStorage.getItem('bindery-theme');if(t==='dark'||t==='light')document.documentElement.setAttribute('data-theme',t)}catch(e){}`;
