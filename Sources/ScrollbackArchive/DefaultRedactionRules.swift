/// What `--redact` removes with no rules file: personal details and credentials in the shapes
/// they are written in. The judgement calls (what stays) are in docs/ARCHIVES.md.
extension RedactionRule {
    /// The default rules, most specific first (a key inside a URL is a key, not a URL password).
    package static let defaults: [RedactionRule] = [
        RedactionRule(
            label: "private key",
            pattern:
                "-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:[\\s\\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|[\\s\\S]*)",
            hints: ["PRIVATE KEY"]),
        RedactionRule(
            label: "jwt", pattern: "\\beyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*",
            hints: ["eyJ"]),
        RedactionRule(
            label: "aws key",
            pattern:
                "\\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|APKA)[A-Z0-9]{16}\\b|(?i:aws_?secret_?(?:access_?)?key)[\"']?\\s*[:=]\\s*[\"']?[A-Za-z0-9/+=]{40}\\b",
            hints: ["AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA", "ANPA", "ANVA", "APKA", "secret", "SECRET"]),
        RedactionRule(
            label: "github token",
            pattern: "\\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}\\b|\\bgithub_pat_[A-Za-z0-9_]{22,255}\\b",
            hints: ["gh", "github_pat_"]),
        RedactionRule(
            label: "slack token",
            pattern:
                "\\bxox[abposre]-[A-Za-z0-9-]{10,}|\\bxapp-[0-9]-[A-Za-z0-9-]{10,}|https://hooks\\.slack\\.com/(?:services|workflows)/[A-Za-z0-9/_-]+",
            hints: ["xox", "xapp-", "hooks.slack.com"]),
        RedactionRule(
            label: "openai key", pattern: "\\bsk-(?:proj-|svcacct-|admin-|ant-[a-z0-9]+-)?[A-Za-z0-9_-]{20,}",
            hints: ["sk-"]),
        RedactionRule(
            label: "api key",
            pattern:
                "\\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}|\\bAIza[0-9A-Za-z_-]{35}\\b|\\bglpat-[A-Za-z0-9_-]{20,}",
            hints: ["_live_", "_test_", "AIza", "glpat-"]),
        RedactionRule(label: "credentials", pattern: "(?<=://)[^\\s/?#@:\\[\\]]+:[^\\s/?#@]+(?=@)", hints: ["://"]),
        RedactionRule(
            label: "email",
            pattern:
                "(?<![\\p{L}\\p{N}._%+-])[\\p{L}\\p{N}._%+-]+@[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)*\\.\\p{L}{2,}",
            hints: ["@"]),
        RedactionRule(
            label: "ip address",
            pattern:
                "(?<![\\p{L}\\p{N}_:.])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|(?:\\d{1,3}\\.){3}\\d{1,3})?(?![\\p{L}\\p{N}_:])",
            hints: [":"], check: .ipv6),
        RedactionRule(
            label: "ip address",
            pattern:
                "(?<![\\p{L}\\p{N}_.-])(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(?![\\p{N}_-]|\\.\\d)",
            hints: ["."]),
        RedactionRule(
            label: "card number", pattern: "(?<![\\p{N}.,+-])\\d(?:[ -]?\\d){12,18}(?![\\p{N}]|[.,-]\\d)",
            hints: [], check: .card),
        RedactionRule(
            label: "phone",
            pattern:
                "(?<![\\p{L}\\p{N}_+.-])(?:\\+|00)[1-9]\\d{0,2}(?:[ .-]?\\(\\d{1,4}\\))?(?:[ .-]?\\d{1,4}){2,6}(?![\\p{N}]|[.-]\\d)",
            hints: [], check: .phone),
        RedactionRule(
            label: "phone",
            pattern:
                "(?<![\\p{L}\\p{N}_+.-])(?:(?:1[ .-]?)?\\(\\d{3}\\)[ .-]?\\d{3}[ .-]\\d{4}|(?:1[ .-])?\\d{3}[ .-]\\d{3}[ .-]\\d{4}|0\\d{2,4}(?:[ /-]\\d{2,8}){1,3}|0[1-9](?:[ .-]?\\d{2}){4}|0[1-9]\\d{8,10})(?![\\p{N}]|[.,/-]\\d)",
            hints: [], check: .phone),
    ]
}
