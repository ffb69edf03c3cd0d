/// Profile fields a request sets; a double optional tells "leave alone" (`nil`) from "clear" (`.some(nil)`),
/// as JavaScript's `undefined`-valued keys clear fields in the emulator.
struct ProfileChanges {
    var displayName: String??
    var photoUrl: String??
    var emailVerified: Bool?
    var phoneNumber: String?
    var disabled: Bool?

    func apply(to account: inout Account) {
        if let displayName { account.displayName = displayName }
        if let photoUrl { account.photoUrl = photoUrl }
        if let emailVerified { account.emailVerified = emailVerified }
        if let phoneNumber { account.phoneNumber = phoneNumber }
        if let disabled { account.disabled = disabled }
    }
}
