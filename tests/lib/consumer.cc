// consumer.cc - the installed library from C++: the headers give C
// linkage, so a C++ program links with `pkg-config --libs splev` alone.
#include <splev.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

int main()
{
    splev_rng r;
    splev_rng_seed(&r, 42);
    int a = splev_rn2(&r, 1000);
    char err[256];
    splev_levcomp_opts o;
    std::memset(&o, 0, sizeof o);
    splev_levcomp *lc = splev_levcomp_new(&o, err, sizeof err);
    static const char src[] = "LEVEL: \"cxx\"\nROOM: \"ordinary\", lit, "
                              "(3,3), (center,center), (5,3) {\n}\n";
    splev_compiled *c = splev_levcomp_buffer(lc, "cxx.des", src,
                                             sizeof src - 1);
    if (!c || c->errors || c->nlevels != 1)
        return 3;
    splev_level *lev = splev_run(c->levels[0].script, nullptr, 7, err,
                                 sizeof err);
    if (!lev)
        return 4;
    char *json = splev_level_to_json(lev);
    std::printf("rn2 %d, json %s\n", a,
                std::strncmp(json, "{", 1) == 0 ? "ok" : "bad");
    std::free(json);
    splev_level_free(lev);
    splev_compiled_free(c);
    splev_levcomp_free(lc);
    return 0;
}
