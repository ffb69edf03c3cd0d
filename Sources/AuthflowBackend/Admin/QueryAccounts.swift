import AuthflowPrimitives

/// `accounts:query` (and `projects/<id>:queryAccounts`): every account, or only their count. As in the
/// emulator, `expression`, `limit` and a non-zero `offset` are not implemented (all accounts are returned
/// at once), and only `USER_ID` ordering exists.
enum QueryAccounts {
    static func run(_ state: inout BackendState, _ context: inout OperationContext) throws(APIError) -> JSONObject {
        let body = context.body
        if case .array(let expression)? = body.object["expression"], !expression.isEmpty {
            throw .notImplemented("expression is not implemented.")
        }
        if try body.bool("returnUserInfo") == false {
            return JSONObject([("recordsCount", .string(String(state.accountCount)))])
        }
        if let limit = try body.string("limit"), !limit.isEmpty, limit != "0" {
            throw .notImplemented("limit is not implemented.")
        }
        if let offset = try body.string("offset"), !offset.isEmpty, offset != "0" {
            throw .notImplemented("offset is not implemented.")
        }
        let order = try body.nonEmptyString("order") ?? "ASC"
        let sortBy = try body.nonEmptyString("sortBy") ?? "USER_ID"
        guard sortBy == "USER_ID" || sortBy == "SORT_BY_FIELD_UNSPECIFIED" else {
            throw .notImplemented("Only sorting by USER_ID is implemented.")
        }
        var accounts = state.accounts(after: nil, limit: -1)
        if order == "DESC" { accounts.reverse() }
        return JSONObject([
            ("recordsCount", .string(String(accounts.count))), ("userInfo", .array(accounts.map(\.json))),
        ])
    }
}
