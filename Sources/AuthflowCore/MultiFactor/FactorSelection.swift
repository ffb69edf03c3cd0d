/// Picks one of an account's second factors from what a person typed after `--factor` (or at the menu, or
/// after `mfa unenroll`): its enrollment ID, its display name, or its number in the list as shown (from 1).
///
/// IDs are tried first, then names (exactly, then ignoring case), then list numbers, so a factor named "2"
/// is still reachable by name. A name two factors share is refused rather than guessed.
public enum FactorSelection {
    /// The factor `selector` names among `factors`.
    public static func choose(
        _ selector: String, among factors: [EnrolledFactor]
    ) throws(SecondFactorError) -> EnrolledFactor {
        let wanted = selector.trimmingWhitespace()
        if let byID = factors.first(where: { $0.id == wanted }) { return byID }
        for matches in [
            factors.filter { $0.displayName == wanted },
            factors.filter { $0.displayName?.lowercased() == wanted.lowercased() },
        ] where !matches.isEmpty {
            guard matches.count == 1 else { throw .ambiguousFactor(wanted, matches) }
            return matches[0]
        }
        if let index = Int(wanted), factors.indices.contains(index - 1) { return factors[index - 1] }
        throw .unknownFactor(wanted, factors)
    }

    /// One line per factor, numbered as ``choose(_:among:)`` counts: `1. "work phone" +*******0199 (id …)`.
    public static func lines(_ factors: [EnrolledFactor]) -> [String] {
        factors.enumerated().map { index, factor in "\(index + 1). \(label(factor))" }
    }

    /// A factor as messages name it: `"work phone" +*******0199 (id …)`.
    public static func label(_ factor: EnrolledFactor) -> String {
        let kind = factor.factorKind == .totp ? "TOTP authenticator app" : "(not an SMS factor)"
        let name = [factor.displayName.map { "\"\($0)\"" }, factor.phoneNumber ?? kind]
            .compactMap { $0 }.joined(separator: " ")
        return name + " (id \(factor.id))"
    }
}
