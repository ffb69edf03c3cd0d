import AuthflowLocalization
import AuthflowPrimitives

/// The message for a C library authflow opens on first use but cannot find.
enum SharedLibraryWording {
    /// One line naming the soname, the loader's reason and the Debian package that installs it.
    static func missing(soname: String, package: String, detail: String) -> String {
        localized(
            "This command needs \(soname), which could not be loaded (\(detail)). Install the Debian package "
                + "\(package) (apt install \(package)) and run the command again.")
    }
}

extension SharedLibraryUnavailable {
    /// The library layers' typed error for a missing C library, worded as the loader's backstop words it.
    var cliMessage: String {
        SharedLibraryWording.missing(soname: library.soname, package: library.debianPackage, detail: reason)
    }
}
