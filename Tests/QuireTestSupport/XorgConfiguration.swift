/// The xorg.conf that `XorgServer` writes: a dummy (memory-only) screen and one `inputtest` device per
/// `EmulatedDevice`, and nothing from the machine — no hot-plugged devices, so a test sees exactly the
/// devices it asked for.
struct XorgConfiguration {
    var devices: [EmulatedDevice]
    /// Socket path of each device, in the order of `devices`.
    var socketPaths: [String]

    static let width = 1280
    static let height = 1024

    var text: String {
        var lines = [
            "Section \"ServerFlags\"",
            // No udev/hal devices: only the ones below exist.
            "    Option \"AutoAddDevices\" \"false\"",
            "    Option \"AutoEnableDevices\" \"false\"",
            "    Option \"AllowEmptyInput\" \"true\"",
            "    Option \"DontVTSwitch\" \"true\"",
            "EndSection",
            "",
            "Section \"Device\"",
            "    Identifier \"quire-dummy\"",
            "    Driver \"dummy\"",
            // The dummy driver's default VideoRam is too small for 1280x1024x24.
            "    VideoRam 256000",
            "EndSection",
            "",
            "Section \"Monitor\"",
            "    Identifier \"quire-monitor\"",
            "    HorizSync 5.0-1000.0",
            "    VertRefresh 5.0-200.0",
            // VESA 1280x1024 @ 60 Hz.
            "    Modeline \"1280x1024\" 108.00 1280 1328 1440 1688 1024 1025 1028 1066 +hsync +vsync",
            "EndSection",
            "",
            "Section \"Screen\"",
            "    Identifier \"quire-screen\"",
            "    Device \"quire-dummy\"",
            "    Monitor \"quire-monitor\"",
            "    DefaultDepth 24",
            "    SubSection \"Display\"",
            "        Depth 24",
            "        Modes \"1280x1024\"",
            "        Virtual \(Self.width) \(Self.height)",
            "    EndSubSection",
            "EndSection",
        ]
        for (device, path) in zip(devices, socketPaths) {
            lines += ["", "Section \"InputDevice\"",
                      "    Identifier \(quoted(device.name))",
                      "    Driver \"inputtest\"",
                      "    Option \"SocketPath\" \(quoted(path))"]
            lines += device.driverOptions.map { "    Option \(quoted($0.0)) \(quoted($0.1))" }
            lines.append("EndSection")
        }
        lines += ["", "Section \"ServerLayout\"", "    Identifier \"quire-layout\"", "    Screen \"quire-screen\""]
        for device in devices {
            // SendCoreEvents attaches the device to the master pointer or keyboard; without it the
            // device is floating and only clients that select it by id see its events.
            let role = device.sendsCoreEvents ? " \"SendCoreEvents\"" : ""
            lines.append("    InputDevice \(quoted(device.name))\(role)")
        }
        lines.append("EndSection")
        return lines.joined(separator: "\n") + "\n"
    }

    private func quoted(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\"", with: "") + "\""
    }
}
