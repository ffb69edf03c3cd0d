import AuthflowCore
import AuthflowLocalization

/// The terminal menu for choosing a second factor: the factors numbered on standard error, then a number (or a
/// name or ID) read from the terminal until one matches.
enum FactorMenu {
    /// The chosen factor; nil when the input ends first.
    static func ask(_ factors: [EnrolledFactor], who: String?) async -> EnrolledFactor? {
        StandardError.write(localized("\(who ?? "This account") has several second factors:"))
        for line in FactorWording.lines(factors) { StandardError.write("  " + line) }
        while true {
            StandardError.write(localized("Choose one [1-\(factors.count)]: "), newline: false)
            guard let line = await InputLines.standardInput.next() else { return nil }
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            do {
                let factor = try FactorSelection.choose(line, among: factors)
                guard factor.factorKind == .sms || factor.factorKind == .totp else {
                    StandardError.write(
                        localized(
                            "authflow: that is neither an SMS nor a TOTP factor, the kinds authflow can "
                                + "complete."))
                    continue
                }
                return factor
            } catch {
                StandardError.write("authflow: \(error.cliMessage)")
            }
        }
    }
}
