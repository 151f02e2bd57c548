// Compiled only into the suites that open windows, and only in the VALIS_SANITIZE build
// (valis_add_test in tests/CMakeLists.txt).
//
// Mesa's GLX libraries (libGLX_mesa, libglapi and the swrast DRI driver), which Qt's xcb platform
// and Chromium's in-process GPU thread load on Xvfb, keep allocations for the life of the process
// and are unloaded with dlclose() when the display closes, before LeakSanitizer looks at exit.
// Their frames then print as "<unknown module>", which no entry of scripts/sanitizers/lsan.supp
// can name, and every such suite failed on Mesa's leaks. Opening the same libraries first with
// RTLD_NODELETE keeps them mapped to the end, so they are suppressed by module name while every
// other leak in these suites is still reported.

#include <dlfcn.h>
#include <link.h>

#include <string>

namespace {

__attribute__((constructor)) void keepGlDriversMapped()
{
    void *glx = dlopen("libGLX_mesa.so.0", RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (!glx)
        return; // No Mesa here: nothing will be loaded or unloaded either.
    link_map *map = nullptr;
    if (dlinfo(glx, RTLD_DI_LINKMAP, &map) != 0 || !map || !map->l_name)
        return;
    // Mesa looks for its DRI drivers in <libdir>/dri; glibc recognises the file it opens later
    // as this one by device and inode, whichever spelling of the folder it uses.
    std::string folder = map->l_name;
    folder.erase(folder.rfind('/') + 1);
    dlopen((folder + "dri/swrast_dri.so").c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
}

} // namespace
