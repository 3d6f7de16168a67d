package dev.leaderboard.core;


/** Which end of a board wins: {@code desc} (highest score first) or {@code asc} (lowest first, e.g. lap times). */
public enum Order {
  DESC("desc"), ASC("asc");

  private final String wireName;

  Order(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static Order fromWire(String s) {
    return Wire.parse(Order.class, values(), s, Order::wireName);
  }

  /** {@code true} when score {@code a} is strictly better than {@code b} on this board. */
  public boolean better(long a, long b) {
    return this == DESC ? a > b : a < b;
  }
}
