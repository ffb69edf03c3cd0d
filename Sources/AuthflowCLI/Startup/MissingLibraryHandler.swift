import AuthflowLocalization
import CSharedLibrary
import Foundation

/// Words a missing C library (libcurl, libxml2, libmicrohttpd, libqrencode: opened on first use, not at exec) and
/// exits with the usage status, instead of the C loader's default line.
enum MissingLibraryHandler {
    /// Installs the handler; costs one pointer store, and nothing is opened.
    static func install() {
        authflow_library_set_missing_handler(reportMissingLibrary)
    }
}

/// A plain function, as the C loader calls it; it does not return.
private func reportMissingLibrary(
    soname: UnsafePointer<CChar>?, package: UnsafePointer<CChar>?, detail: UnsafePointer<CChar>?
) {
    let message = SharedLibraryWording.missing(
        soname: soname.map { String(cString: $0) } ?? localized("a library"),
        package: package.map { String(cString: $0) } ?? localized("that provides it"),
        detail: detail.map { String(cString: $0) } ?? localized("not found"))
    StandardError.write("authflow: \(message)")
    exit(AuthflowExitCode.usage.rawValue)
}
