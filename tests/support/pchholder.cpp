// Builds the precompiled header the test suites share (tests/CMakeLists.txt); runs nothing.
int main()
{
    return 0;
}
