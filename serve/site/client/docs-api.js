// /docs/api: renders the reference from /openapi.json with Swagger UI, bundled and served from
// our own origin. Nothing is fetched from elsewhere (the online validator badge is off).
(function () {
  'use strict';

  function start() {
    var target = document.getElementById('swagger-ui');
    if (!target || typeof window.SwaggerUIBundle !== 'function') return;
    window.SwaggerUIBundle({
      url: target.getAttribute('data-openapi'),
      domNode: target,
      presets: [window.SwaggerUIBundle.presets.apis],
      layout: 'BaseLayout',
      validatorUrl: null,
      deepLinking: false,
      queryConfigEnabled: false,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      defaultModelExpandDepth: 2,
      displayOperationId: false,
      tryItOutEnabled: false,
      supportedSubmitMethods: ['get', 'post'],
      withCredentials: false,
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
