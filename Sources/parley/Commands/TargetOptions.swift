import ArgumentParser

/// The site a `parley comment` command works on: `--site` (a config entry or an address),
/// the one site of the config file, or the embedded mock's first site. (ArgumentParser
/// validates each group itself.)
struct TargetOptions: ParsableArguments {
    @OptionGroup(title: "The site")
    var site: SiteOptions

    @OptionGroup(title: "The embedded mock (when no site is given or configured)")
    var mock: MockOptions
}
