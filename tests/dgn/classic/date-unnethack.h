/* A version record for the tests (the numbers are made up). */
#define VERSION_NUMBER 0x06000f00UL
#define VERSION_FEATURES 0x00c1a2b3UL
#define VERSION_SANITY1 0x1122334455667788UL
#define VERSION_SANITY2 0x0102030405060708UL
