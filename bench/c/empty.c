// The floor for any start-up: a C program that does nothing.
int main(void) { return 0; }
