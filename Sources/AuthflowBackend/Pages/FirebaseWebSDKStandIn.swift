import AuthflowListener
import AuthflowPrimitives

/// A stand-in for the small part of the modular Firebase JS SDK that authflow's web-route page uses, served
/// at `/www.gstatic.com/firebasejs/<version>/firebase-app.js` and `…/firebase-auth.js` (Google's host first
/// in the path, as for the reCAPTCHA stand-in) for pages tested offline; a page reaches it only when told to
/// load the SDK from here (authflow's `--web-sdk-url`). It offers the same names and shapes as the real
/// SDK: `initializeApp`; `getAuth`, `connectAuthEmulator`, the provider classes with `addScope`,
/// `setCustomParameters`, `credentialFromResult` and `credentialFromError` (credentials with `toJSON()`),
/// `signInWithPopup`, `signInWithRedirect`, `getRedirectResult`, `getAdditionalUserInfo`,
/// `getMultiFactorResolver` with `resolveSignIn`, `TotpMultiFactorGenerator.assertionForSignIn`,
/// `RecaptchaVerifier`, `PhoneAuthProvider` (`verifyPhoneNumber` with a multi-factor hint and session,
/// `credential`) and `PhoneMultiFactorGenerator.assertion`; a user with `refreshToken` and `getIdToken()`;
/// errors with `code` and `customData.email`. Its `firebase-app-check.js` offers `initializeAppCheck` with
/// `CustomProvider` (`getToken` answering `{token, expireTimeMillis}`) and `getToken`; once App Check is
/// initialized, every request the auth module sends carries `X-Firebase-AppCheck`, and the widget's address
/// `#fac=`, as the real SDK's `_getAppCheckToken` (`core/auth/auth_impl.ts`, `core/util/handler.ts`) does: a
/// provider that fails gives the SDK's placeholder, `base64('{"error":"UNKNOWN_ERROR"}')`, with a warning.
///
/// It drives this backend as the real SDK drives an emulator (`packages/auth/src/platform_browser`): before a
/// pop-up or redirect result it embeds the emulator's helper iframe (``EmulatorIframe``, with `v` set to
/// ``version``) through `gapi.iframes` (installing ``GapiStandIn`` where the real SDK loads Google's loader),
/// `ping`s it and fails with `auth/network-request-failed` when no answer comes within 5 s, then registers for
/// its `authEvent` messages and answers `{status: "ACK"}` or `"ERROR"` as the SDK's event manager does (a
/// redirect event nobody waits for yet is kept for `getRedirectResult`, an event is handled once).
/// `signInWithPopup` opens the IdP widget (`authType=signInViaPopup`, a fresh 10-digit `eventId`,
/// `redirectUrl` the page's address) with `window.open` (`auth/popup-blocked` when the browser refuses), asks
/// the iframe `webStorageSupport`, takes the `signInViaPopup` event with its `eventId`, closes the pop-up and
/// sends `signInWithIdp` with the event's `urlResponse`, `sessionId`, `postBody` and `tenantId`; a pop-up
/// closed with no event fails `auth/popup-closed-by-user` 8 s after it is seen closed (checked every 2 s).
/// `signInWithRedirect` marks a redirect pending in `sessionStorage` and navigates to the widget
/// (`signInViaRedirect`, no `eventId`); `getRedirectResult` answers null unless one is pending, and otherwise
/// waits for the iframe's redirect event (null for `auth/no-auth-event`). Its `RecaptchaVerifier` returns a
/// fixed token without loading reCAPTCHA: this backend, like the official emulator, does not check app
/// verification.
enum FirebaseWebSDKStandIn {
    /// Where the modules are served, before the version.
    static let prefix = "/www.gstatic.com/firebasejs/"
    /// The `v` the stand-in puts in the widget's and the helper iframe's addresses, where the real SDK puts
    /// its version.
    static let version = "stand-in"

    /// `app`, `auth` or `app-check` for a module path under ``prefix``, else nil.
    static func module(_ path: String) -> String? {
        guard path.hasPrefix(prefix) else { return nil }
        let parts = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        switch parts[1] {
        case "firebase-app.js": return "app"
        case "firebase-auth.js": return "auth"
        case "firebase-app-check.js": return "app-check"
        default: return nil
        }
    }

    static func reply(_ module: String) -> LoopbackResponse {
        switch module {
        case "app": ScriptReply.javascript(appSource)
        case "app-check": ScriptReply.javascript(appCheckSource)
        default: ScriptReply.javascript(authSource + gapiInstaller)
        }
    }

    /// `installGapiStandIn()`, which the auth module calls where the real SDK loads Google's API loader.
    static var gapiInstaller: String { "function installGapiStandIn() {\n" + GapiStandIn.source + "}\n" }

    static let appSource = #"""
        // Stand-in for firebase-app.js served by authflow's embedded backend. It never talks to Google.
        export function initializeApp(options, name) {
          return { name: name || '[DEFAULT]', options: Object.assign({}, options),
            automaticDataCollectionEnabled: false };
        }

        """#

    static let appCheckSource = #"""
        // Stand-in for firebase-app-check.js served by authflow's embedded backend. It never talks to Google.
        const placeholder = btoa(JSON.stringify({ error: 'UNKNOWN_ERROR' }));
        export class CustomProvider {
          constructor(options) { this._options = options; }
          async getToken() { return await this._options.getToken(); }
        }
        export function initializeAppCheck(app, options) {
          if (app._appCheck) {
            const error = new Error('appCheck/already-initialized');
            error.code = 'appCheck/already-initialized';
            throw error;
          }
          const appCheck = { app: app, _provider: options.provider, _token: null,
            isTokenAutoRefreshEnabled: !!options.isTokenAutoRefreshEnabled };
          // Never throws, as the SDK's internal getToken: a failing provider gives the placeholder and the error.
          appCheck._tokenResult = async function () {
            if (appCheck._token && appCheck._token.expireTimeMillis > Date.now()) {
              return { token: appCheck._token.token };
            }
            try {
              appCheck._token = await appCheck._provider.getToken();
              return { token: appCheck._token.token };
            } catch (error) {
              return { token: placeholder, error: error };
            }
          };
          // Where the auth module finds it, as the real SDK's component container gives it the App Check service.
          app._appCheck = appCheck;
          return appCheck;
        }
        export async function getToken(appCheck) {
          const result = await appCheck._tokenResult();
          if (result.error) { throw result.error; }
          return { token: result.token };
        }

        """#

    static let authSource = #"""
        // Stand-in for firebase-auth.js served by authflow's embedded backend. It never talks to Google.
        class FirebaseError extends Error {
          constructor(code, message, customData) {
            super(message || code);
            this.code = code;
            this.customData = customData || {};
            this.name = 'FirebaseError';
          }
        }
        const credentials = new WeakMap();
        const replies = new WeakMap();
        class OAuthCredential {
          constructor(fields) { Object.assign(this, fields); }
          toJSON() {
            return { idToken: this.idToken, accessToken: this.accessToken, secret: this.secret, nonce: this.nonce,
              pendingToken: this.pendingToken || null, providerId: this.providerId, signInMethod: this.signInMethod };
          }
        }
        export function getAuth(app) {
          return { app: app, name: app.name, config: { apiKey: app.options.apiKey }, currentUser: null,
            tenantId: null, languageCode: null, emulatorConfig: null };
        }
        export function connectAuthEmulator(auth, url) {
          const parsed = new URL(url);
          auth.emulatorConfig = { protocol: parsed.protocol.replace(':', ''), host: parsed.hostname,
            port: parsed.port ? Number(parsed.port) : null, options: { disableWarnings: true } };
          auth._origin = parsed.origin;
        }
        class BaseProvider {
          constructor(providerId) { this.providerId = providerId; this._scopes = []; this._parameters = {}; }
          addScope(scope) { if (!this._scopes.includes(scope)) { this._scopes.push(scope); } return this; }
          getScopes() { return this._scopes.slice(); }
          setCustomParameters(parameters) { this._parameters = Object.assign({}, parameters); return this; }
          getCustomParameters() { return Object.assign({}, this._parameters); }
        }
        function credentialFromResult(result) { return (result && credentials.get(result)) || null; }
        function credentialFromError(error) {
          return (error && error.customData && error.customData._credential) || null;
        }
        export class OAuthProvider extends BaseProvider {
          static credentialFromResult(result) { return credentialFromResult(result); }
          static credentialFromError(error) { return credentialFromError(error); }
        }
        export class GoogleAuthProvider extends OAuthProvider {
          constructor() { super('google.com'); this.addScope('profile'); }
        }
        export class GithubAuthProvider extends OAuthProvider { constructor() { super('github.com'); } }
        export class FacebookAuthProvider extends OAuthProvider { constructor() { super('facebook.com'); } }
        export class TwitterAuthProvider extends OAuthProvider { constructor() { super('twitter.com'); } }
        export class SAMLAuthProvider {
          constructor(providerId) { this.providerId = providerId; this._parameters = {}; }
          setCustomParameters(parameters) { this._parameters = Object.assign({}, parameters); return this; }
          getCustomParameters() { return Object.assign({}, this._parameters); }
          static credentialFromResult(result) { return credentialFromResult(result); }
          static credentialFromError(error) { return credentialFromError(error); }
        }
        // The App Check token every request carries once App Check is initialized (auth_impl.ts's
        // _getAppCheckToken): a failure is a warning, and the placeholder goes instead.
        async function appCheckToken(auth) {
          const appCheck = auth.app && auth.app._appCheck;
          if (!appCheck) { return null; }
          const result = await appCheck._tokenResult();
          if (result.error) { console.warn('Error while retrieving App Check token: ' + result.error); }
          return result.token;
        }
        async function requestHeaders(auth) {
          const headers = { 'Content-Type': 'application/json' };
          const token = await appCheckToken(auth);
          if (token) { headers['X-Firebase-AppCheck'] = token; }
          return headers;
        }
        function requireEmulator(auth) {
          if (!auth._origin) {
            throw new FirebaseError('auth/internal-error', 'The stand-in SDK needs connectAuthEmulator.');
          }
          return auth._origin;
        }
        function authKey(auth) { return auth.config.apiKey + ':' + auth.name; }
        function generateEventId() {
          let id = '';
          for (let i = 0; i < 10; i++) { id += Math.floor(Math.random() * 10); }
          return id;
        }
        // The SDK's event manager: an event goes to the waiting consumers of its type (and eventId), once; the
        // first redirect event (or the iframe's "no event") nobody waits for yet is kept for getRedirectResult.
        class EventManager {
          constructor() {
            this.consumers = new Set(); this.queuedRedirectEvent = null; this.hasHandledPotentialRedirect = false;
            this.seen = new Set();
          }
          registerConsumer(consumer) {
            this.consumers.add(consumer);
            if (this.queuedRedirectEvent && isEventFor(this.queuedRedirectEvent, consumer)) {
              this.seen.add(eventUid(this.queuedRedirectEvent));
              sendToConsumer(this.queuedRedirectEvent, consumer);
              this.queuedRedirectEvent = null;
            }
          }
          unregisterConsumer(consumer) { this.consumers.delete(consumer); }
          onEvent(event) {
            if (this.seen.has(eventUid(event))) { return false; }
            let handled = false;
            this.consumers.forEach(function (consumer) {
              if (isEventFor(event, consumer)) {
                handled = true;
                this.seen.add(eventUid(event));
                sendToConsumer(event, consumer);
              }
            }, this);
            if (this.hasHandledPotentialRedirect || !isRedirectEvent(event)) { return handled; }
            this.hasHandledPotentialRedirect = true;
            if (!handled) { this.queuedRedirectEvent = event; handled = true; }
            return handled;
          }
        }
        const REDIRECT_TYPES = ['signInViaRedirect', 'linkViaRedirect', 'reauthViaRedirect'];
        function isNoEvent(event) {
          return event.type === 'unknown' && !!event.error && event.error.code === 'auth/no-auth-event';
        }
        function isRedirectEvent(event) { return REDIRECT_TYPES.includes(event.type) || isNoEvent(event); }
        function isEventFor(event, consumer) {
          return consumer.filter.includes(event.type)
            && (consumer.eventId === null || (!!event.eventId && event.eventId === consumer.eventId));
        }
        function eventUid(event) {
          return [event.type, event.eventId, event.sessionId, event.tenantId].filter(function (v) { return v; })
            .join('-');
        }
        function sendToConsumer(event, consumer) {
          if (event.error && !isNoEvent(event)) {
            const code = String(event.error.code || '').indexOf('auth/') === 0 ? event.error.code
              : 'auth/internal-error';
            consumer.onError(new FirebaseError(code, event.error.message));
          } else {
            consumer.onAuthEvent(event);
          }
        }
        // The SDK's iframe.ts and gapi.ts: gapi.iframes opens the emulator's helper iframe, which must answer a
        // ping within 5 s.
        const PING_TIMEOUT_MS = 5000;
        const managers = new Map();
        const iframes = new Map();
        function loadGapi(auth) {
          return new Promise(function (resolve, reject) {
            if (window.gapi && window.gapi.iframes && window.gapi.iframes.Iframe) {
              resolve(window.gapi.iframes.getContext());
              return;
            }
            // Where the real SDK loads https://apis.google.com/js/api.js.
            if (!(window.gapi && window.gapi.load)) { installGapiStandIn(); }
            window.gapi.load('gapi.iframes', {
              callback: function () { resolve(window.gapi.iframes.getContext()); },
              ontimeout: function () {
                reject(new FirebaseError('auth/network-request-failed', 'gapi.iframes did not load.',
                  { appName: auth.name }));
              },
              timeout: 30000,
            });
          });
        }
        function iframeURL(auth) {
          const query = new URLSearchParams();
          query.set('apiKey', auth.config.apiKey);
          query.set('appName', auth.name);
          query.set('v', 'stand-in');
          return requireEmulator(auth) + '/emulator/auth/iframe?' + query.toString();
        }
        async function openIframe(auth) {
          const context = await loadGapi(auth);
          return context.open({ where: document.body, url: iframeURL(auth),
            messageHandlersFilter: window.gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER,
            attributes: { style: { position: 'absolute', top: '-100px', width: '1px', height: '1px' },
              'aria-hidden': 'true', tabindex: '-1', loading: 'lazy' },
            dontclear: true }, function (iframe) {
            return new Promise(async function (resolve, reject) {
              await iframe.restyle({ setHideOnLeave: false });
              const networkError = new FirebaseError('auth/network-request-failed',
                'The Auth emulator\'s helper iframe did not answer.', { appName: auth.name });
              const timer = setTimeout(function () { reject(networkError); }, PING_TIMEOUT_MS);
              function ready() { clearTimeout(timer); resolve(iframe); }
              iframe.ping(ready).then(ready, function () { reject(networkError); });
            });
          });
        }
        function initialize(auth) {
          const key = authKey(auth);
          if (!managers.has(key)) {
            const promise = openIframe(auth).then(function (iframe) {
              const manager = new EventManager();
              iframe.register('authEvent', function (message) {
                if (!message || !message.authEvent) { return { status: 'ERROR' }; }
                return { status: manager.onEvent(message.authEvent) ? 'ACK' : 'ERROR' };
              }, window.gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
              iframes.set(key, iframe);
              return manager;
            });
            promise.catch(function () { managers.delete(key); });
            managers.set(key, promise);
          }
          return managers.get(key);
        }
        function isIframeWebStorageSupported(auth, callback) {
          iframes.get(authKey(auth)).send('webStorageSupport', { type: 'webStorageSupport' }, function (result) {
            const supported = result && result[0] && result[0].webStorageSupport;
            callback(supported === undefined ? null : !!supported);
          }, window.gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
        }
        async function handlerURL(auth, provider, authType, redirectUrl, eventId) {
          const query = new URLSearchParams();
          query.set('apiKey', auth.config.apiKey);
          query.set('appName', auth.name);
          query.set('authType', authType);
          if (redirectUrl) { query.set('redirectUrl', redirectUrl); }
          query.set('v', 'stand-in');
          if (eventId) { query.set('eventId', eventId); }
          query.set('providerId', provider.providerId);
          if (Object.keys(provider._parameters).length) {
            query.set('customParameters', JSON.stringify(provider._parameters));
          }
          if (provider._scopes && provider._scopes.length) { query.set('scopes', provider._scopes.join(',')); }
          if (auth.tenantId) { query.set('tid', auth.tenantId); }
          const token = await appCheckToken(auth);
          return requireEmulator(auth) + '/emulator/auth/handler?' + query.toString() + '#'
            + (token ? 'fac=' + encodeURIComponent(token) : '');
        }
        export async function signInWithPopup(auth, provider) {
          const origin = requireEmulator(auth);
          const manager = await initialize(auth);
          const eventId = generateEventId();
          const url = await handlerURL(auth, provider, 'signInViaPopup', location.href, eventId);
          const popup = window.open(url, generateEventId(), 'width=500,height=600,resizable=yes,scrollbars=yes');
          if (!popup) {
            throw new FirebaseError('auth/popup-blocked', 'The browser blocked the pop-up.', { appName: auth.name });
          }
          const event = await new Promise(function (resolve, reject) {
            let poll = null;
            const consumer = { filter: ['signInViaPopup'], eventId: eventId,
              onAuthEvent: function (event) { finish(); resolve(event); },
              onError: function (error) { finish(); reject(error); } };
            function finish() { clearTimeout(poll); manager.unregisterConsumer(consumer); }
            function fail(code, message) { finish(); reject(new FirebaseError(code, message, { appName: auth.name })); }
            manager.registerConsumer(consumer);
            // As the SDK: only an answer of false fails the pop-up; an answer without the field is ignored.
            isIframeWebStorageSupported(auth, function (supported) {
              if (supported === false) { fail('auth/web-storage-unsupported', 'Web storage is not supported.'); }
            });
            // As the SDK: a pop-up seen closed (checked every 2 s) fails 8 s later unless its event came.
            function watch() {
              if (popup.closed) {
                poll = setTimeout(function () { fail('auth/popup-closed-by-user', 'The pop-up was closed.'); }, 8000);
                return;
              }
              poll = setTimeout(watch, 2000);
            }
            watch();
          });
          popup.close();
          return finishSignIn(auth, origin, event, provider.providerId);
        }
        function pendingRedirectKey(auth) { return 'firebase:pendingRedirect:' + authKey(auth); }
        export async function signInWithRedirect(auth, provider) {
          requireEmulator(auth);
          sessionStorage.setItem(pendingRedirectKey(auth), 'true');
          location.assign(await handlerURL(auth, provider, 'signInViaRedirect', location.href, null));
          return new Promise(function () {});
        }
        export async function getRedirectResult(auth) {
          const origin = requireEmulator(auth);
          if (sessionStorage.getItem(pendingRedirectKey(auth)) !== 'true') { return null; }
          sessionStorage.removeItem(pendingRedirectKey(auth));
          const manager = await initialize(auth);
          const event = await new Promise(function (resolve, reject) {
            const consumer = { filter: REDIRECT_TYPES.concat(['unknown']), eventId: null,
              onAuthEvent: function (event) { manager.unregisterConsumer(consumer); resolve(event); },
              onError: function (error) { manager.unregisterConsumer(consumer); reject(error); } };
            manager.registerConsumer(consumer);
          });
          if (event.type === 'unknown') { return null; }
          return finishSignIn(auth, origin, event, null);
        }
        function errorCode(message) {
          const reason = String(message || '').split(' ')[0].split(':')[0];
          const codes = {
            FEDERATED_USER_ID_ALREADY_LINKED: 'auth/credential-already-in-use',
            EMAIL_EXISTS: 'auth/email-already-in-use',
            OPERATION_NOT_ALLOWED: 'auth/operation-not-allowed',
            INVALID_IDP_RESPONSE: 'auth/invalid-credential',
            USER_DISABLED: 'auth/user-disabled',
            MISSING_OR_INVALID_NONCE: 'auth/missing-or-invalid-nonce',
            USER_CANCELLED: 'auth/user-cancelled',
          };
          return codes[reason] || 'auth/internal-error';
        }
        async function finishSignIn(auth, origin, event, providerId) {
          const body = { requestUri: event.urlResponse, sessionId: event.sessionId, postBody: event.postBody || null,
            tenantId: event.tenantId, returnSecureToken: true, returnIdpCredential: true };
          const reply = await fetch(origin + '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key='
            + encodeURIComponent(auth.config.apiKey), { method: 'POST', headers: await requestHeaders(auth),
            body: JSON.stringify(body) });
          const json = await reply.json();
          const credential = new OAuthCredential({ providerId: json.providerId || providerId,
            signInMethod: json.providerId || providerId, accessToken: json.oauthAccessToken,
            idToken: json.oauthIdToken, secret: json.oauthTokenSecret, pendingToken: json.pendingToken });
          if (!reply.ok || json.errorMessage) {
            const message = json.errorMessage || (json.error && json.error.message);
            throw new FirebaseError(errorCode(message), message,
              { appName: auth.name, email: json.email, _credential: credential });
          }
          if (json.needConfirmation) {
            throw new FirebaseError('auth/account-exists-with-different-credential', 'needConfirmation',
              { appName: auth.name, email: json.email, _credential: credential });
          }
          if (json.mfaPendingCredential) {
            throw new FirebaseError('auth/multi-factor-auth-required', 'A second factor is needed.',
              { appName: auth.name, _serverResponse: json });
          }
          const user = { uid: json.localId, email: json.email || null, displayName: json.displayName || null,
            photoURL: json.photoUrl || null, providerId: 'firebase', refreshToken: json.refreshToken,
            getIdToken: async function () { return json.idToken; } };
          auth.currentUser = user;
          const result = { user: user, providerId: json.providerId || providerId, operationType: 'signIn' };
          credentials.set(result, credential);
          replies.set(result, json);
          return result;
        }
        export function getAdditionalUserInfo(result) {
          const json = replies.get(result);
          if (!json) { return null; }
          let profile = {};
          try { profile = json.rawUserInfo ? JSON.parse(json.rawUserInfo) : {}; } catch (e) { profile = {}; }
          return { isNewUser: !!json.isNewUser, providerId: json.providerId || null, profile: profile };
        }
        export class TotpMultiFactorGenerator {
          static assertionForSignIn(enrollmentId, oneTimePassword) {
            return { factorId: 'totp', _enrollmentId: enrollmentId, _code: oneTimePassword };
          }
        }
        TotpMultiFactorGenerator.FACTOR_ID = 'totp';
        function payload(jwt) {
          const part = jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
          return JSON.parse(atob(part + '==='.slice((part.length + 3) % 4)));
        }
        export class RecaptchaVerifier {
          constructor(auth, container, parameters) {
            this.type = 'recaptcha';
            this._container = container;
            this._parameters = parameters || {};
          }
          async render() { return 0; }
          async verify() { return 'stand-in-recaptcha-token'; }
          clear() {}
        }
        export class PhoneAuthProvider {
          constructor(auth) { this.providerId = 'phone'; this._auth = auth; }
          async verifyPhoneNumber(options, verifier) {
            const auth = this._auth;
            const origin = requireEmulator(auth);
            if (!options || !options.multiFactorHint || !options.session) {
              throw new FirebaseError('auth/argument-error', 'The stand-in verifies multi-factor sign-ins only.');
            }
            const token = await verifier.verify();
            const body = { mfaPendingCredential: options.session.credential,
              mfaEnrollmentId: options.multiFactorHint.uid, phoneSignInInfo: { recaptchaToken: token } };
            if (auth.tenantId) { body.tenantId = auth.tenantId; }
            const reply = await fetch(origin + '/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start?key='
              + encodeURIComponent(auth.config.apiKey), { method: 'POST',
              headers: await requestHeaders(auth), body: JSON.stringify(body) });
            const json = await reply.json();
            if (!reply.ok) {
              const message = json.error && json.error.message;
              throw new FirebaseError(errorCode(message), message, { appName: auth.name });
            }
            return json.phoneResponseInfo.sessionInfo;
          }
          static credential(verificationId, verificationCode) {
            return { providerId: 'phone', signInMethod: 'phone', _verificationId: verificationId,
              _code: verificationCode };
          }
        }
        PhoneAuthProvider.PROVIDER_ID = 'phone';
        export class PhoneMultiFactorGenerator {
          static assertion(credential) { return { factorId: 'phone', _credential: credential }; }
        }
        PhoneMultiFactorGenerator.FACTOR_ID = 'phone';
        async function resolveSignIn(auth, json, assertion) {
          const origin = requireEmulator(auth);
          const body = { mfaPendingCredential: json.mfaPendingCredential };
          if (assertion && assertion.factorId === 'totp') {
            body.mfaEnrollmentId = assertion._enrollmentId;
            body.totpVerificationInfo = { verificationCode: assertion._code };
          } else if (assertion && assertion.factorId === 'phone') {
            body.phoneVerificationInfo = { sessionInfo: assertion._credential._verificationId,
              code: assertion._credential._code };
          } else {
            throw new FirebaseError('auth/argument-error', 'Not a multi-factor assertion.');
          }
          if (auth.tenantId) { body.tenantId = auth.tenantId; }
          const reply = await fetch(origin + '/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize?key='
            + encodeURIComponent(auth.config.apiKey), { method: 'POST', headers: await requestHeaders(auth),
            body: JSON.stringify(body) });
          const finished = await reply.json();
          if (!reply.ok) {
            const message = finished.error && finished.error.message;
            const code = String(message || '').indexOf('INVALID_CODE') === 0 ? 'auth/invalid-verification-code'
              : errorCode(message);
            throw new FirebaseError(code, message, { appName: auth.name });
          }
          const claims = payload(finished.idToken);
          const user = { uid: claims.user_id || claims.sub, email: claims.email || json.email || null,
            displayName: json.displayName || null, photoURL: json.photoUrl || null, providerId: 'firebase',
            refreshToken: finished.refreshToken, getIdToken: async function () { return finished.idToken; } };
          auth.currentUser = user;
          const result = { user: user, providerId: null, operationType: 'signIn' };
          replies.set(result, json);
          return result;
        }
        export function getMultiFactorResolver(auth, error) {
          const json = error && error.customData && error.customData._serverResponse;
          if (!json) { throw new FirebaseError('auth/argument-error', 'Not a multi-factor error.'); }
          const hints = (json.mfaInfo || []).map(function (info) {
            return { uid: info.mfaEnrollmentId, factorId: info.phoneInfo ? 'phone' : 'totp',
              displayName: info.displayName || null, phoneNumber: info.phoneInfo || undefined,
              enrollmentTime: info.enrolledAt };
          });
          return { hints: hints, session: { type: 'signin', credential: json.mfaPendingCredential },
            resolveSignIn: function (assertion) { return resolveSignIn(auth, json, assertion); } };
        }

        """#
}
