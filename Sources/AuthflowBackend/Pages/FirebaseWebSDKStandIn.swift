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
/// errors with `code` and `customData.email`.
///
/// It drives this backend as the real SDK drives an emulator: `signInWithPopup` opens a window (synchronously,
/// so the click that called it still counts; `auth/popup-blocked` when the browser refuses) and
/// `signInWithRedirect` navigates this one to the IdP widget (`authType=signInViaPopup`/`signInViaRedirect`, a
/// fresh `eventId`, and the SHA-256 hex of a raw `sessionId`); the pop-up's opener, or `getRedirectResult`
/// after the redirect, reads the widget's OAuth response for that `eventId` once (``redirectResultPath``,
/// where the real emulator's page hands it to the SDK's iframe instead), closes the pop-up, and sends
/// `signInWithIdp` with the raw session ID. Its `RecaptchaVerifier` returns a fixed token without loading
/// reCAPTCHA: this backend, like the official emulator, does not check app verification.
enum FirebaseWebSDKStandIn {
    /// Where the modules are served, before the version.
    static let prefix = "/www.gstatic.com/firebasejs/"
    /// Where `getRedirectResult` reads the widget's response for `eventId` (once).
    static let redirectResultPath = "/www.gstatic.com/firebasejs/stand-in/redirect-result"

    /// `app` or `auth` for a module path under ``prefix``, else nil.
    static func module(_ path: String) -> String? {
        guard path.hasPrefix(prefix) else { return nil }
        let parts = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        switch parts[1] {
        case "firebase-app.js": return "app"
        case "firebase-auth.js": return "auth"
        default: return nil
        }
    }

    static func reply(_ module: String) -> LoopbackResponse {
        ScriptReply.javascript(module == "app" ? appSource : authSource)
    }

    /// `{"urlResponse": …}` for the `eventId`, removed as it is read; 404 when there is none.
    static func redirectResult(_ request: LoopbackRequest, service: BackendService) -> LoopbackResponse {
        let query = QueryParameters(form: request.query ?? "")
        guard let eventId = query.nonEmpty("eventId"),
            let response = service.state.withLock({ $0.redirectResults.removeValue(forKey: eventId) })
        else {
            return JSONReply.authEmulator([("error", "no redirect result for this eventId")], status: 404)
        }
        return JSONReply.ok(["urlResponse": .string(response)])
    }

    static let appSource = #"""
        // Stand-in for firebase-app.js served by authflow's embedded backend. It never talks to Google.
        export function initializeApp(options, name) {
          return { name: name || '[DEFAULT]', options: Object.assign({}, options),
            automaticDataCollectionEnabled: false };
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
        function requireEmulator(auth) {
          if (!auth._origin) {
            throw new FirebaseError('auth/internal-error', 'The stand-in SDK needs connectAuthEmulator.');
          }
          return auth._origin;
        }
        function storageKey(auth) { return 'firebase-stand-in:redirect:' + auth.config.apiKey + ':' + auth.name; }
        function randomHex(bytes) {
          const buffer = new Uint8Array(bytes);
          crypto.getRandomValues(buffer);
          return Array.from(buffer, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
        }
        async function sha256Hex(text) {
          const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
          return Array.from(new Uint8Array(digest), function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
        }
        function sleep(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }
        async function readResult(origin, eventId) {
          const found = await fetch(origin + '/www.gstatic.com/firebasejs/stand-in/redirect-result?eventId='
            + encodeURIComponent(eventId), { cache: 'no-store' });
          return found.ok ? (await found.json()).urlResponse : null;
        }
        export async function signInWithPopup(auth, provider) {
          const origin = requireEmulator(auth);
          // Opened before anything is awaited, as the real SDK does, so the click that called this still counts.
          const popup = window.open('', 'firebaseAuthStandInPopup', 'width=500,height=600');
          if (!popup) {
            throw new FirebaseError('auth/popup-blocked', 'The browser blocked the pop-up.', { appName: auth.name });
          }
          const attempt = { eventId: randomHex(16), sessionId: randomHex(20), providerId: provider.providerId };
          popup.location.href = await handlerURL(auth, provider, 'signInViaPopup', attempt, null);
          let urlResponse = null;
          while (!urlResponse) {
            urlResponse = await readResult(origin, attempt.eventId);
            if (urlResponse) { break; }
            if (popup.closed) {
              urlResponse = await readResult(origin, attempt.eventId);
              if (!urlResponse) {
                throw new FirebaseError('auth/popup-closed-by-user', 'The pop-up was closed.', { appName: auth.name });
              }
              break;
            }
            await sleep(200);
          }
          popup.close();
          return finishSignIn(auth, origin, attempt, urlResponse);
        }
        async function handlerURL(auth, provider, authType, attempt, redirectUrl) {
          const query = new URLSearchParams();
          query.set('apiKey', auth.config.apiKey);
          query.set('appName', auth.name);
          query.set('authType', authType);
          if (redirectUrl) { query.set('redirectUrl', redirectUrl); }
          query.set('v', 'stand-in');
          query.set('providerId', provider.providerId);
          if (provider._scopes && provider._scopes.length) { query.set('scopes', provider._scopes.join(',')); }
          if (Object.keys(provider._parameters).length) {
            query.set('customParameters', JSON.stringify(provider._parameters));
          }
          if (auth.tenantId) { query.set('tid', auth.tenantId); }
          query.set('eventId', attempt.eventId);
          query.set('sessionId', await sha256Hex(attempt.sessionId));
          return requireEmulator(auth) + '/emulator/auth/handler?' + query.toString();
        }
        export async function signInWithRedirect(auth, provider) {
          requireEmulator(auth);
          const attempt = { eventId: randomHex(16), sessionId: randomHex(20), providerId: provider.providerId };
          sessionStorage.setItem(storageKey(auth), JSON.stringify(attempt));
          location.assign(await handlerURL(auth, provider, 'signInViaRedirect', attempt, location.href));
          return new Promise(function () {});
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
        export async function getRedirectResult(auth) {
          const origin = requireEmulator(auth);
          const stored = sessionStorage.getItem(storageKey(auth));
          if (!stored) { return null; }
          sessionStorage.removeItem(storageKey(auth));
          const pending = JSON.parse(stored);
          const urlResponse = await readResult(origin, pending.eventId);
          if (!urlResponse) { return null; }
          return finishSignIn(auth, origin, pending, urlResponse);
        }
        async function finishSignIn(auth, origin, pending, urlResponse) {
          const body = { requestUri: urlResponse, sessionId: pending.sessionId, returnSecureToken: true,
            returnIdpCredential: true };
          if (auth.tenantId) { body.tenantId = auth.tenantId; }
          const reply = await fetch(origin + '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key='
            + encodeURIComponent(auth.config.apiKey), { method: 'POST', headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body) });
          const json = await reply.json();
          const credential = new OAuthCredential({ providerId: json.providerId || pending.providerId,
            signInMethod: json.providerId || pending.providerId, accessToken: json.oauthAccessToken,
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
          const result = { user: user, providerId: pending.providerId, operationType: 'signIn' };
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
              headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
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
            + encodeURIComponent(auth.config.apiKey), { method: 'POST', headers: { 'Content-Type': 'application/json' },
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
