package dev.vkrules.runtime.requirements;

/** How a requirement fares for a target, best first. */
public enum Outcome {
  /** Met by what is known (the target version, or the device description). */
  SATISFIED,
  /** Met only if the device has a feature, property or extension; no description was given. */
  NEEDS_DEVICE_INFO,
  /** Cannot be met: no alternative holds for this target and device. */
  UNSATISFIED;

  Outcome best(Outcome other) {
    return compareTo(other) <= 0 ? this : other;
  }

  Outcome worst(Outcome other) {
    return compareTo(other) >= 0 ? this : other;
  }
}
