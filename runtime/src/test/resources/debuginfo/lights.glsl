layout(constant_id = 0) const int LIGHTS = 4;
layout(set = 0, binding = 0) uniform Lights {
    vec4 colour[LIGHTS];
} lights;
