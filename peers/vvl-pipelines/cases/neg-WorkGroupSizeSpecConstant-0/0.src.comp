#version 450
layout(local_size_x_id = 3, local_size_y_id = 4) in;
void main(){}
