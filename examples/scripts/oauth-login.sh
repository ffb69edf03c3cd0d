#!/usr/bin/env bash
# OAuth 2.0 authorization-code sign-in from a shell script, with PKCE (RFC 7636) and a loopback redirect
# (RFC 8252) caught by `authflow listen`. Works with any provider that allows http://127.0.0.1 redirects
# (Google "Desktop app" clients, GitHub, Auth0, Keycloak, …).
#
#   AUTHORIZE_URL=https://accounts.google.com/o/oauth2/v2/auth \
#   TOKEN_URL=https://oauth2.googleapis.com/token \
#   CLIENT_ID=…apps.googleusercontent.com SCOPE="openid email" \
#   examples/scripts/oauth-login.sh
#
# Without TOKEN_URL the script stops after the redirect and prints the authorization code. Needs openssl for
# the PKCE challenge, and curl for the token exchange. Exit status: authflow's (4 when the browser took too
# long, 130 on Ctrl-C), or curl's.
set -euo pipefail

: "${AUTHORIZE_URL:?set AUTHORIZE_URL to the authorization endpoint of the provider}"
: "${CLIENT_ID:?set CLIENT_ID to your OAuth client ID}"
SCOPE=${SCOPE:-openid}
AUTHFLOW=${AUTHFLOW:-authflow}

urlencode() { local LC_ALL=C s=$1 i c; for ((i = 0; i < ${#s}; i++)); do c=${s:i:1}
  case $c in [a-zA-Z0-9.~_-]) printf '%s' "$c" ;; *) printf '%%%02X' "'$c" ;; esac; done; }

# PKCE: a random verifier stays here; only its SHA-256 goes to the browser.
verifier=$(openssl rand -base64 48 | tr '/+' '_-' | tr -d '=\n')
challenge=$(printf '%s' "$verifier" | openssl dgst -sha256 -binary | openssl base64 | tr '/+' '_-' | tr -d '=\n')

# authflow fills in {redirect_uri} and {state}, opens the browser (or prints the URL with --no-browser), and
# prints one JSON line when listening and one when the provider redirects back with the right state.
authorize="$AUTHORIZE_URL?response_type=code&client_id=$(urlencode "$CLIENT_ID")&scope=$(urlencode "$SCOPE")"
authorize+="&code_challenge=$challenge&code_challenge_method=S256&redirect_uri={redirect_uri}&state={state}"
output=$("$AUTHFLOW" listen --json --timeout "${TIMEOUT:-300}" --open "$authorize" "$@")

field() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p" <<<"$2" | head -n 1; }
listening=$(head -n 1 <<<"$output")
callback=$(tail -n 1 <<<"$output")
redirect_uri=$(field redirectUri "$listening")
error=$(field error "$callback")
code=$(field code "$callback")
[ -z "$error" ] || { echo "The provider refused: $error $(field error_description "$callback")" >&2; exit 1; }
[ -n "$code" ] || { echo "The redirect carried no authorization code: $callback" >&2; exit 1; }

if [ -z "${TOKEN_URL:-}" ]; then
  echo "code=$code"
  echo "redirect_uri=$redirect_uri"
  echo "code_verifier=$verifier"
  exit 0
fi
form=(--data-urlencode grant_type=authorization_code --data-urlencode "code=$code"
  --data-urlencode "client_id=$CLIENT_ID" --data-urlencode "redirect_uri=$redirect_uri"
  --data-urlencode "code_verifier=$verifier")
[ -z "${CLIENT_SECRET:-}" ] || form+=(--data-urlencode "client_secret=$CLIENT_SECRET")
curl --fail-with-body --silent --show-error "$TOKEN_URL" "${form[@]}"
echo
