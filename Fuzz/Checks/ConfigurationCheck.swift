import ParleyConfiguration

/// Any `config.toml` parses or fails with a sentence, never a crash.
enum ConfigurationCheck {
    static func run(_ input: [UInt8]) throws(FuzzViolation) {
        let text = String(decoding: input, as: UTF8.self)
        do {
            _ = try Configuration.parse(text, path: "config.toml")
        } catch let error as LaunchError {
            try require(error.description.hasPrefix("config.toml"), "the error does not name the file: \(error.description)")
        } catch {
            throw FuzzViolation("Configuration.parse threw something other than LaunchError: \(type(of: error))")
        }
    }
}
