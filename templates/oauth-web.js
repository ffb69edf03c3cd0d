const root = document.getElementById('authflow');
const d = root.dataset;
const statusLine = document.getElementById('status');
const startButton = document.getElementById('start');
const redirectedKey = 'authflow-redirected:' + d.state;
{{> page-words.js}}
// A word in braces in a text ({code}, {phone}) is a value fill() puts in.
let finished = false;
function show(phase, text) { root.dataset.phase = phase; statusLine.textContent = text; }
function fill(text, values) {
  return text.replace(/\{([a-z]+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
}
async function post(fields) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null && value !== '') { body.set(name, String(value)); }
  }
  body.set('state', d.state);
  const reply = await fetch(d.answer, { method: 'POST', body: body, cache: 'no-store' });
  return reply.ok;
}
async function finish(fields, phase, text) {
  if (finished) { return; }
  finished = true;
  try {
    const ok = await post(fields);
    show(phase, ok ? text : words.answerRefused);
  } catch (e) {
    show('failed', words.lost);
  }
}
// App Check (data-app-check names the listener's path when authflow holds a token): the JS SDK's
// CustomProvider asks the listener for the token authflow sends, and the SDK attaches it to every request as
// X-Firebase-AppCheck (a failed getToken makes the SDK send its placeholder, as authflow does).
async function appCheckToken() {
  const body = new URLSearchParams();
  body.set('state', d.state);
  const reply = await fetch(d.appCheck, { method: 'POST', body: body, cache: 'no-store' });
  if (!reply.ok) { throw new Error('authflow/app-check-unavailable'); }
  const answer = await reply.json();
  return { token: answer.token, expireTimeMillis: answer.expireTimeMillis };
}
async function run() {
  let sdk, auth;
  try {
    const app = await import(d.appModule);
    sdk = await import(d.authModule);
    const firebaseApp = app.initializeApp(JSON.parse(d.config), 'authflow');
    if (d.appCheck) {
      const appCheck = await import(d.appCheckModule);
      appCheck.initializeAppCheck(firebaseApp, {
        provider: new appCheck.CustomProvider({ getToken: appCheckToken }), isTokenAutoRefreshEnabled: false });
    }
    auth = sdk.getAuth(firebaseApp);
    if (d.emulator) { sdk.connectAuthEmulator(auth, d.emulator, { disableWarnings: true }); }
    if (d.tenantId) { auth.tenantId = d.tenantId; }
    if (d.languageCode) { auth.languageCode = d.languageCode; }
  } catch (e) {
    await finish({ error: 'authflow/sdk-load-failed' }, 'failed', words.sdkNotLoaded);
    return;
  }
  const Provider = sdk[d.providerClass];
  function makeProvider() {
    const provider = d.providerClass === 'OAuthProvider' || d.providerClass === 'SAMLAuthProvider'
      ? new Provider(d.providerId) : new Provider();
    if (typeof provider.addScope === 'function') {
      for (const scope of JSON.parse(d.scopes)) { provider.addScope(scope); }
    }
    provider.setCustomParameters(JSON.parse(d.customParameters));
    return provider;
  }
  async function report(result) {
    const credential = Provider.credentialFromResult(result);
    const info = sdk.getAdditionalUserInfo(result);
    const user = result.user;
    await finish({
      idToken: await user.getIdToken(), refreshToken: user.refreshToken,
      isNewUser: info && info.isNewUser ? 'true' : 'false',
      accessToken: credential && credential.accessToken, providerIdToken: credential && credential.idToken,
      secret: credential && credential.secret,
      credential: credential ? JSON.stringify(credential.toJSON()) : '',
      rawUserInfo: info && info.profile ? JSON.stringify(info.profile) : '',
      email: user.email, displayName: user.displayName, photoURL: user.photoURL,
    }, 'done', words.signedIn);
  }
  // The second factor is resolved here with the SDK's public API: a TOTP code, or an SMS code sent after
  // reCAPTCHA (PhoneAuthProvider.verifyPhoneNumber with the resolver's hint and session).
  function askForCode(resolver, name, prompt, assertionFor) {
    const form = document.getElementById('second-factor');
    const input = document.getElementById('code');
    if (name) { document.getElementById('factor-name').textContent = name; }
    form.hidden = false;
    show('second-factor', prompt);
    input.focus();
    form.addEventListener('submit', async function (event) {
      event.preventDefault();
      const code = input.value.trim();
      if (!code) { return; }
      show('verifying', words.checkingCode);
      try {
        const result = await resolver.resolveSignIn(assertionFor(code));
        form.hidden = true;
        await report(result);
      } catch (e) {
        if (e && e.code === 'auth/invalid-verification-code') {
          input.value = '';
          show('second-factor', words.codeRefused);
          return;
        }
        form.hidden = true;
        await refuse(e, true);
      }
    });
  }
  async function askForSms(resolver, hint) {
    const phone = hint.phoneNumber || words.yourPhone;
    show('verifying', fill(words.sendingCode, { phone: phone }));
    try {
      const verifier = new sdk.RecaptchaVerifier(auth, 'recaptcha', { size: 'invisible' });
      const verificationId = await new sdk.PhoneAuthProvider(auth).verifyPhoneNumber(
        { multiFactorHint: hint, session: resolver.session }, verifier);
      askForCode(resolver, fill(words.smsFactor, { phone: phone }), words.smsPrompt, function (code) {
          return sdk.PhoneMultiFactorGenerator.assertion(sdk.PhoneAuthProvider.credential(verificationId, code));
        });
    } catch (e) {
      await refuse(e, true);
    }
  }
  async function refuse(e, resolving) {
    const code = (e && e.code) || 'authflow/unknown';
    const fields = { error: code, email: e && e.customData && e.customData.email };
    const credential = e && Provider.credentialFromError ? Provider.credentialFromError(e) : null;
    if (credential) { fields.credential = JSON.stringify(credential.toJSON()); }
    if (code === 'auth/multi-factor-auth-required' && !resolving) {
      const resolver = sdk.getMultiFactorResolver(auth, e);
      const totp = resolver.hints.find(function (hint) { return hint.factorId === 'totp'; });
      if (totp && sdk.TotpMultiFactorGenerator) {
        askForCode(resolver, totp.displayName, words.totpPrompt,
          function (code) { return sdk.TotpMultiFactorGenerator.assertionForSignIn(totp.uid, code); });
        return;
      }
      const phone = resolver.hints.find(function (hint) { return hint.factorId === 'phone'; });
      if (phone && sdk.PhoneAuthProvider && sdk.PhoneMultiFactorGenerator && sdk.RecaptchaVerifier) {
        await askForSms(resolver, phone);
        return;
      }
      fields.hints = JSON.stringify(resolver.hints.map(function (hint) {
        return { uid: hint.uid, factorId: hint.factorId, displayName: hint.displayName, phoneNumber: hint.phoneNumber };
      }));
    }
    await finish(fields, 'failed', fill(credential ? words.refusedHere : words.notFinished, { code: code }));
  }
  // A redirect brings its result back only where the auth handler is on this page's site (data-redirect; see
  // LoopbackOAuthWebPage.redirectReturns): elsewhere browsers that partition storage by site never return it.
  const redirectReturns = d.redirect === 'same-site';
  if (redirectReturns) {
    try {
      const redirected = await sdk.getRedirectResult(auth);
      if (redirected) { await report(redirected); return; }
      if (sessionStorage.getItem(redirectedKey)) {
        await finish({ error: 'authflow/redirect-result-missing' }, 'failed', words.noResult);
        return;
      }
    } catch (e) {
      await refuse(e);
      return;
    }
  }
  // Browsers block a pop-up opened without a click, so a blocked first try shows the button and says why. A
  // pop-up blocked even after a click shows the button again and asks to allow pop-ups for this page; only
  // where the redirect returns does the page go to the provider in this tab instead.
  async function start(clicked) {
    startButton.hidden = true;
    show('signing-in', words.waiting);
    const provider = makeProvider();
    try {
      await report(await sdk.signInWithPopup(auth, provider));
    } catch (e) {
      const blocked = e && e.code === 'auth/popup-blocked';
      const unsupported = e && e.code === 'auth/operation-not-supported-in-this-environment';
      if ((unsupported || (blocked && clicked)) && redirectReturns) {
        show('redirecting', words.redirecting);
        sessionStorage.setItem(redirectedKey, '1');
        try { await sdk.signInWithRedirect(auth, provider); } catch (again) { await refuse(again); }
        return;
      }
      if (blocked) {
        startButton.hidden = false;
        show(clicked ? 'popup-refused' : 'ready', clicked ? words.popupRefused : words.popupBlocked);
        return;
      }
      await refuse(e);
    }
  }
  startButton.addEventListener('click', function () { start(true); });
  start(false);
}
run();
