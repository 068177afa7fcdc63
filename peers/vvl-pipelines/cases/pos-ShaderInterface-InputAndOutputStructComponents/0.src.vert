#version 450

struct R {
    vec4 rgba;
};

layout(location = 0) out R color[3];

void main() {
    color[0].rgba = vec4(1.0f);
    color[1].rgba = vec4(0.5f);
    color[2].rgba = vec4(0.75f);
}
