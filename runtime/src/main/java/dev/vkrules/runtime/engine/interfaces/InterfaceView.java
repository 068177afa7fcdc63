package dev.vkrules.runtime.engine.interfaces;

import dev.vkrules.runtime.engine.device.DeviceFacts;
import dev.vkrules.runtime.engine.module.ModuleIndex;
import dev.vkrules.runtime.engine.module.ModuleView;

/**
 * The module as the interface helpers read it: the module's queries, plus the device facts a
 * summing rule reports its counted parts to while a device decides it.
 */
public abstract class InterfaceView extends ModuleView {
  protected InterfaceView(ModuleIndex m) {
    super(m);
  }

  /** The device facts being evaluated ({@link DeviceFacts#none} unless a device is). */
  public abstract DeviceFacts device();
}
