/**
 * The reference page: Swagger UI (from `swagger-ui-dist`, vendored at build time and served by the
 * gateway, so no CDN and nothing leaves the operator's network) rendering `/v1/openapi.json`.
 * URLs are relative to `/v1/reference`, so the page works behind a proxy that adds a path prefix.
 */
export const REFERENCE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bindery API reference</title>
<link rel="stylesheet" href="reference/swagger-ui.css">
</head>
<body>
<noscript>This page needs JavaScript; the document itself is at <a href="openapi.json">openapi.json</a>.</noscript>
<div id="reference"></div>
<script src="reference/swagger-ui-bundle.js"></script>
<script src="reference/reference.js"></script>
</body>
</html>
`;

/** Starts Swagger UI; a file, not an inline script, so the page's CSP can forbid inline scripts. */
export const REFERENCE_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('openapi.json', document.baseURI).href,
    dom_id: '#reference',
    deepLinking: true,
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    filter: true,
    // Never send the document to the public validator service.
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

/** Scripts and styles from this origin only; Swagger UI sets inline styles and data: images. */
export function referenceCsp(publicUrl: string | undefined): string {
  const api = publicUrl ? ` ${new URL(publicUrl).origin}` : '';
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self'${api}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
