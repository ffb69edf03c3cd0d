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
# The script does no crypto and no URL encoding itself: `authflow listen --pkce` makes the verifier and its S256
# challenge, fills in the redirect URI and state, and checks the state; jq reads its JSON and encodes the client
# ID and scope; curl encodes the token request. Without TOKEN_URL the script stops after the redirect and prints
# the authorization code. Needs jq, and curl for the token exchange. Exit status: authflow's (4 when the browser
# took too long, 130 on Ctrl-C), or curl's.
set -euo pipefail

: "${AUTHORIZE_URL:?set AUTHORIZE_URL to the authorization endpoint of the provider}"
: "${CLIENT_ID:?set CLIENT_ID to your OAuth client ID}"
SCOPE=${SCOPE:-openid}
AUTHFLOW=${AUTHFLOW:-authflow}

query=$(jq -rn --arg client_id "$CLIENT_ID" --arg scope "$SCOPE" \
  '"response_type=code&client_id=\($client_id|@uri)&scope=\($scope|@uri)"')
# authflow fills in {redirect_uri} and {state}, adds the PKCE challenge, opens the browser (or prints the URL with
# --no-browser), and prints one JSON line when listening and one when the provider redirects back with the state.
output=$("$AUTHFLOW" listen --json --pkce --timeout "${TIMEOUT:-300}" \
  --open "$AUTHORIZE_URL?$query&redirect_uri={redirect_uri}&state={state}" "$@")
callback=$(tail -n 1 <<<"$output")
error=$(jq -r '.params.error // empty' <<<"$callback")
[ -z "$error" ] || { echo "The provider refused: $error $(jq -r '.params.error_description // ""' <<<"$callback")" >&2; exit 1; }
code=$(jq -r '.params.code // empty' <<<"$callback")
[ -n "$code" ] || { echo "The redirect carried no authorization code." >&2; exit 1; }
redirect_uri=$(head -n 1 <<<"$output" | jq -r .redirectUri)
verifier=$(jq -r .codeVerifier <<<"$callback")

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
