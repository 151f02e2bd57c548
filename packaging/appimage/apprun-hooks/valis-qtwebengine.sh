# shellcheck shell=sh
# Sourced by the AppImage's AppRun before Valis starts (linuxdeploy's apprun-hooks).
# Chromium's sandbox cannot work in an AppImage: its SUID helper is not set-uid on the FUSE
# mount, and Ubuntu 24.04 and later forbid the unprivileged user namespaces it would use
# instead, so QtWebEngine would abort at start. The conversation page runs unsandboxed here,
# as in Zeal's and other WebEngine AppImages; the DEB and Flatpak keep the sandbox.
export QTWEBENGINE_DISABLE_SANDBOX=1
