/// A stand-in browser for tests: a bash script that reads the `redirect_uri` and `state` of the authorization
/// URL it is given and at once requests `redirect_uri?code=CODE&state=STATE`, as a user who consents would.
/// It also records the URL it got in `PATH.url`. Only bash (its /dev/tcp) and sed: nothing a fresh machine
/// may lack.
public enum ConsentingBrowser {
    /// Writes the script to `path` and returns `path`.
    public static func install(at path: String, code: String = "c-9") throws -> String {
        try ExecutableScript.write(
            #"""
            #!/bin/bash
            printf '%s\n' "$1" > "$0.url"
            query=${1#*\?}
            for pair in ${query//&/ }; do
              case $pair in
                redirect_uri=*) redirect=$(printf '%b' "$(sed 's/%\([0-9A-F][0-9A-F]\)/\\x\1/g' <<<"${pair#*=}")") ;;
                state=*) state=${pair#*=} ;;
              esac
            done
            authority=${redirect#http://}; authority=${authority%%/*}; path=/${redirect#http://*/}
            exec 3<>"/dev/tcp/${authority%:*}/${authority##*:}"
            printf 'GET %s?code=\#(code)&state=%s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n' "$path" "$state" "$authority" >&3
            cat <&3 >/dev/null
            """#, to: path)
        return path
    }
}
