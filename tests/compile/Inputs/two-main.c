/* two-main.c — one program holding two msc compile libraries (the default
 * --runtime=inline): each self-test's main renamed with -Dmain=NAME_main.
 * Linking at all proves the inlined runtime kernels do not clash. */
int lenet_main(void);
int tiny_main(void);

int main(void) {
  int a = lenet_main();
  int b = tiny_main();
  return a || b;
}
