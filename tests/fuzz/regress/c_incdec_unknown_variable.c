int main(void) {
  y++;
  return 0;
}
