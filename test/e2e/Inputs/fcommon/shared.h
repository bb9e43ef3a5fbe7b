/* Tentative definitions in a header: with -fcommon, one object each. */
int hits;
double weights[64];
void count(int n);
