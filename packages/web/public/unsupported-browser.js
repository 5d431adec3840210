// Loaded by index.html with `nomodule`: only a browser that cannot run module scripts (Internet
// Explorer, and browsers as old) runs it. The web app is a module script such a browser skips,
// which would leave a blank page; this sends it to the server's plain unsupported-browser page
// (spec core §2.2). ES3 on purpose, and an external file: the CSP allows no inline script.
(() => {
  if (window.location.pathname !== '/unsupported-browser') {
    window.location.replace('/unsupported-browser');
  }
})();
