(function () {
  var root = document.getElementById('authflow');
  var d = root.dataset;
  {{> page-words.js}}
  var statusLine = document.getElementById('status');
  var finished = false;
  function finish(phase, text) { finished = true; root.dataset.phase = phase; statusLine.textContent = text; }
  function post(fields) {
    var body = new URLSearchParams(fields);
    body.set('state', d.state);
    return fetch(d.answer, { method: 'POST', body: body, cache: 'no-store' });
  }
  function report(code, text) {
    if (finished) { return; }
    post({ error: code }).then(function () { finish('failed', text); }, function () { finish('failed', text); });
  }
  var started = false;
  // The script calls this through its onload parameter; the window's load event is the fallback.
  window.authflowEnterpriseLoaded = function () {
    if (started || !window.grecaptcha || !window.grecaptcha.enterprise) { return; }
    started = true;
    grecaptcha.enterprise.ready(function () {
      grecaptcha.enterprise.execute(d.siteKey, { action: d.action }).then(function (token) {
        if (finished) { return; }
        post({ captchaResponse: token }).then(function (r) {
          if (r.ok) { finish('done', words.done); }
          else { finish('failed', words.answerRefused); }
        }, function () { finish('failed', words.lost); });
      }, function () { report('execute-failed', words.noToken); });
    });
  };
  window.addEventListener('load', function () { window.authflowEnterpriseLoaded(); });
  setTimeout(function () {
    if (!window.grecaptcha || !window.grecaptcha.enterprise) { report('load-failed', words.notLoaded); }
  }, 30000);
})();
