(function () {
  var root = document.getElementById('authflow');
  var d = root.dataset;
  {{> page-words.js}}
  var tokens = {}, loaded = {}, sent = false, fallingBack = false;
  var nonce = document.currentScript.nonce;
  var statusLine = document.getElementById('status');
  var texts = {
    recaptcha: '', sending: words.sending, confirming: words.confirming, code: words.codePrompt,
    'recaptcha-v2': words.checkboxFallback
  };
  function say(text) { statusLine.textContent = text || ''; }
  function post(path, fields) {
    var body = new URLSearchParams(fields);
    body.set('state', d.state);
    return fetch(path, { method: 'POST', body: body, cache: 'no-store' });
  }
  function lost() { say(words.lost); }
  function show(s) {
    root.dataset.phase = s.phase;
    document.getElementById('step-recaptcha').hidden = s.phase !== 'recaptcha' && s.phase !== 'recaptcha-v2';
    if (s.phase === 'recaptcha-v2' && !fallingBack) { fallingBack = true; startFallback(); }
    document.getElementById('step-code').hidden = s.phase !== 'code';
    say(s.message || texts[s.phase] || '');
    if (s.phase === 'code') { document.getElementById('code').focus(); }
  }
  // A refused post (400: the value was missing, 409: not wanted now) shows the page's words for it.
  function shownReply(missing, closed) {
    return function (r) {
      return r.json().then(function (s) {
        if (r.status === 400) { s.message = missing; } else if (r.status === 409) { s.message = closed; }
        show(s);
      });
    };
  }
  function poll() {
    fetch(d.status + '?state=' + encodeURIComponent(d.state), { cache: 'no-store' })
      .then(function (r) { return r.json(); })
      .then(function (s) {
        show(s);
        if (s.phase !== 'done' && s.phase !== 'failed') { setTimeout(poll, 700); }
      }, lost);
  }
  function send() {
    if (sent) { return; }
    if ((d.needsV2 && !tokens.v2) || (d.needsEnterprise && !tokens.enterprise)) { return; }
    sent = true;
    show({ phase: 'sending' });
    post(d.answer, { recaptchaToken: tokens.v2 || '', captchaResponse: tokens.enterprise || '' })
      .then(function (r) {
        if (r.ok) { poll(); } else { sent = false; show({ phase: 'recaptcha', message: words.answerRefused }); }
      }, lost);
  }
  function fail(code) { post(d.answer, { error: code }).then(poll, lost); }
  // AUDIT: the v2 checkbox only after authflow reports that the Enterprise token was refused.
  function sendFallback(token) {
    post(d.fallback, { recaptchaToken: token })
      .then(shownReply(words.checkboxMissing, words.checkboxClosed)).then(null, lost);
  }
  function startFallback() {
    if (d.testWidget) { return; }
    window.authflowFallbackLoaded = function () {
      grecaptcha.render('recaptcha', { sitekey: d.siteKey, callback: sendFallback });
    };
    var script = document.createElement('script');
    script.nonce = nonce;
    script.src = d.v2Script.replace('onload=authflowV2Loaded', 'onload=authflowFallbackLoaded');
    document.body.appendChild(script);
  }

  document.getElementById('code-form').addEventListener('submit', function (event) {
    event.preventDefault();
    var code = document.getElementById('code').value.trim();
    if (!code) { return; }
    post(d.code, { code: code }).then(shownReply(words.codeMissing, words.codeClosed)).then(null, lost);
  });

  if (d.testWidget) {
    document.getElementById('test-widget').addEventListener('click', function () {
      var random = Math.random().toString(36).slice(2);
      if (fallingBack) { sendFallback('authflow-test-widget-' + random); return; }
      if (d.needsV2) { tokens.v2 = 'authflow-test-widget-' + random; }
      // The form of the embedded backend's stand-in reCAPTCHA Enterprise tokens, for the page's action.
      if (d.needsEnterprise) { tokens.enterprise = 'authflow-stand-in:' + (d.action || 'sendVerificationCode') + ':' + random; }
      send();
    });
    return;
  }
  window.authflowV2Loaded = function () {
    loaded.v2 = true;
    grecaptcha.render('recaptcha', {
      sitekey: d.siteKey,
      callback: function (token) { tokens.v2 = token; send(); },
      'expired-callback': function () { tokens.v2 = null; }
    });
  };
  window.authflowEnterpriseLoaded = function () {
    loaded.enterprise = true;
    grecaptcha.enterprise.ready(function () {
      grecaptcha.enterprise.execute(d.enterpriseSiteKey, { action: d.action || 'sendVerificationCode' }).then(
        function (token) { tokens.enterprise = token; send(); },
        function () { tokens.enterprise = 'NO_RECAPTCHA'; send(); });
    });
  };
  setTimeout(function () {
    if ((d.needsV2 && !loaded.v2) || (d.needsEnterprise && !loaded.enterprise)) { fail('load-failed'); }
  }, 30000);
})();
