import AuthflowTestSupport

/// A scripted browser for the backend's hosted pages. It records the URL it was given (in `PATH.url`),
/// loads `page` with that URL's query and checks the page shows `marker`, runs `prepare` (bash lines that may
/// build variables for the answer), requests `answer` as the page's form would, reads where the 303 leads
/// (kept in `PATH.location`) and hands that custom-scheme URL to `authflow handle-url`, as the desktop does for
/// a registered scheme. Only bash and sed. `$query` is the given URL's query (without a `#` fragment, which a
/// browser never sends); `$AUTHFLOW_BINARY` must be set.
enum ScriptedPageBrowser {
    static func install(
        at path: String, page: String, marker: String, prepare: String = "", answer: String
    ) throws -> String {
        try ExecutableScript.write(
            #"""
            #!/bin/bash
            printf '%s\n' "$1" > "$0.url"
            url=$1; rest=${url#http://}; authority=${rest%%/*}; query=${url#*\?}; query=${query%%#*}
            fetch() {
              exec 3<>"/dev/tcp/${authority%:*}/${authority##*:}"
              printf 'GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n' "$1" "$authority" >&3
              cat <&3
              exec 3<&-
            }
            fetch "\#(page)?$query" | grep -q '\#(marker)' || exit 1
            \#(prepare)
            location=$(fetch "\#(answer)" | tr -d '\r' | sed -n 's/^[Ll]ocation: //p')
            printf '%s\n' "$location" > "$0.location"
            exec "$AUTHFLOW_BINARY" handle-url "$location"
            """#, to: path)
        return path
    }
}
